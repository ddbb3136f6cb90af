CREATE TABLE "unmatched_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"txn_id" text NOT NULL,
	"event_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_status" integer,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payments" (
	"reference" bigint PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"txn_id" text,
	"card_last4" text,
	"outcome" jsonb,
	"reversal" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "success_hint_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reconcile_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "unmatched_charges" ADD CONSTRAINT "unmatched_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_charges" ADD CONSTRAINT "unmatched_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_charges_provider_txn_unique" ON "unmatched_charges" USING btree ("provider","txn_id");--> statement-breakpoint
CREATE INDEX "unmatched_charges_open" ON "unmatched_charges" USING btree ("id") WHERE "unmatched_charges"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_psp_outbox_event_unique" ON "sandbox_psp_outbox" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sandbox_psp_outbox_due" ON "sandbox_psp_outbox" USING btree ("next_attempt_at") WHERE "sandbox_psp_outbox"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_psp_payments_txn_unique" ON "sandbox_psp_payments" USING btree ("txn_id");--> statement-breakpoint
CREATE INDEX "orders_open" ON "orders" USING btree ("id") WHERE "orders"."state" in ('created', 'pending');