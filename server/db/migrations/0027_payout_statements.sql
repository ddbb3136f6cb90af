CREATE TABLE "payout_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" text NOT NULL,
	"earnings_user_id" integer NOT NULL,
	"show_id" integer,
	"show_name" text NOT NULL,
	"coins_chat" integer NOT NULL,
	"coins_tip" integer NOT NULL,
	"coins_message" integer NOT NULL,
	"coins_picture" integer NOT NULL,
	"coins_other" integer NOT NULL,
	"earned" integer NOT NULL,
	"carried_in" integer NOT NULL,
	"coins" integer NOT NULL,
	"rate" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"state" text NOT NULL,
	"carried_into" integer,
	"paid_on" date,
	"payment_reference" text,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	"ledger_entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_statements_state_known" CHECK ("payout_statements"."state" in ('due', 'carried', 'paid')),
	CONSTRAINT "payout_statements_period_format" CHECK ("payout_statements"."period" ~ '^2[0-9]{3}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "payout_statements_paid_complete" CHECK (("payout_statements"."state" = 'paid') = ("payout_statements"."paid_on" is not null and "payout_statements"."payment_reference" is not null and "payout_statements"."ledger_entry_id" is not null)),
	CONSTRAINT "payout_statements_figures" CHECK ("payout_statements"."coins" = "payout_statements"."earned" + "payout_statements"."carried_in" and "payout_statements"."earned" = "payout_statements"."coins_chat" + "payout_statements"."coins_tip" + "payout_statements"."coins_message" + "payout_statements"."coins_picture" + "payout_statements"."coins_other" and "payout_statements"."amount_cents" >= 0 and "payout_statements"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_earnings_user_id_users_id_fk" FOREIGN KEY ("earnings_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_paid_by_operators_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_statements" ADD CONSTRAINT "payout_statements_created_by_operators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_statements_account_period" ON "payout_statements" USING btree ("earnings_user_id","period");--> statement-breakpoint
CREATE INDEX "payout_statements_period" ON "payout_statements" USING btree ("period","id");--> statement-breakpoint
CREATE INDEX "payout_statements_show" ON "payout_statements" USING btree ("show_id","period");--> statement-breakpoint
CREATE INDEX "coin_ledger_earnings" ON "coin_ledger" USING btree ("user_id","created_at") WHERE "coin_ledger"."reason" = 'earning';
--> statement-breakpoint
CREATE FUNCTION "payout_statements_keep_paid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted show only loses its link (ON DELETE SET NULL); the figures stay as they were paid.
  IF TG_OP = 'UPDATE' AND NEW."show_id" IS NULL AND to_jsonb(NEW) - 'show_id' = to_jsonb(OLD) - 'show_id' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a paid payout statement is never changed' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payout_statements_paid_fixed" BEFORE UPDATE OR DELETE ON "payout_statements" FOR EACH ROW WHEN (OLD."state" = 'paid') EXECUTE FUNCTION "payout_statements_keep_paid"();
