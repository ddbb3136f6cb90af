CREATE TABLE "age_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"session_id" text,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"failure_code" text,
	"target" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_type_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_txn_id" text,
	"state" text DEFAULT 'created' NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"coupon_id" integer,
	"locale" text NOT NULL,
	"withdrawal_waiver_at" timestamp with time zone NOT NULL,
	"withdrawal_waiver_version" text NOT NULL,
	"failure_code" text,
	"shortfall_coins" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pending_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reversed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"call_id" integer,
	"payload" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text,
	"payment_type_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_call_id" text,
	"number" text NOT NULL,
	"pin" text NOT NULL,
	"state" text DEFAULT 'awaited' NOT NULL,
	"price_per_minute_cents" integer NOT NULL,
	"coins_per_minute" integer NOT NULL,
	"max_minutes" integer NOT NULL,
	"minutes_billed" integer DEFAULT 0 NOT NULL,
	"coins_credited" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_type_id" integer NOT NULL,
	"coins" integer NOT NULL,
	"bonus_coins" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "products_coins_positive" CHECK ("products"."coins" > 0 and "products"."bonus_coins" >= 0 and "products"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"exchange_rate" numeric(8, 4) DEFAULT 0.1 NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"content_id" integer,
	"user_id" integer,
	"claimed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"used_for" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"phone_hash" text NOT NULL,
	"phone_hint" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "age_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "age_checks" ADD CONSTRAINT "age_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_calls" ADD CONSTRAINT "phone_calls_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_verifications" ADD CONSTRAINT "sms_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "age_checks_provider_ref_unique" ON "age_checks" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "age_checks_user" ON "age_checks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_txn_unique" ON "orders" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_unique" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_types_name_unique" ON "payment_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "phone_calls_user" ON "phone_calls" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_calls_pin_awaited_unique" ON "phone_calls" USING btree ("pin") WHERE "phone_calls"."state" = 'awaited';--> statement-breakpoint
CREATE INDEX "products_payment_type" ON "products" USING btree ("payment_type_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "coupons_user" ON "coupons" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sms_verifications_user" ON "sms_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_verifications_phone_verified_unique" ON "sms_verifications" USING btree ("phone_hash") WHERE "sms_verifications"."verified_at" is not null;--> statement-breakpoint
-- Reference data every installation starts with: the payment types and their coin packages.
-- Card packages are whole purchases; the voice-call package is the per-minute tariff of the call.
INSERT INTO "payment_types" ("name", "kind", "position") VALUES ('card', 'card', 1), ('voicecall', 'phone', 2);
--> statement-breakpoint
INSERT INTO "products" ("payment_type_id", "coins", "bonus_coins", "price_cents", "currency", "is_default", "position")
SELECT pt."id", v.coins, v.bonus, v.price, 'EUR', v.is_default, v.position
FROM "payment_types" pt
JOIN (VALUES
  ('card', 100, 0, 1000, false, 1),
  ('card', 250, 25, 2500, true, 2),
  ('card', 500, 75, 5000, false, 3),
  ('card', 1000, 200, 10000, false, 4),
  ('voicecall', 12, 0, 199, true, 1)
) AS v(type_name, coins, bonus, price, is_default, position) ON v.type_name = pt."name"
ORDER BY pt."position", v.position;
