CREATE TABLE "refund_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"operator_id" integer NOT NULL,
	"provider" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_order_open" ON "refund_requests" USING btree ("order_id") WHERE "refund_requests"."outcome" <> 'refused';--> statement-breakpoint
CREATE INDEX "refund_requests_order" ON "refund_requests" USING btree ("order_id","id");--> statement-breakpoint
-- The console's member search by the start of an address or a nickname (LIKE 'x%' in any collation).
CREATE INDEX "users_email_prefix" ON "users" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "nicknames_lower_prefix" ON "nicknames" USING btree (lower("nickname") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_name_lower_prefix" ON "users" USING btree (lower("name") text_pattern_ops);
