CREATE TABLE "referral_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"user_id" integer,
	"signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_order_id" integer,
	"first_purchase_coins" integer,
	"first_purchase_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "referral_codes" ADD COLUMN "issuer" text DEFAULT 'performer' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD COLUMN "operator_id" integer;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_code_referral_codes_code_fk" FOREIGN KEY ("code") REFERENCES "public"."referral_codes"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_signups" ADD CONSTRAINT "referral_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_signups_user" ON "referral_signups" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "referral_signups_code" ON "referral_signups" USING btree ("code");--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_issuer" CHECK ("referral_codes"."issuer" in ('performer', 'platform'));--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_platform_operator" CHECK (("referral_codes"."issuer" = 'platform') = ("referral_codes"."operator_id" is not null));