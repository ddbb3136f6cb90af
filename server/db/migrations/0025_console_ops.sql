ALTER TABLE "audit_log" ADD COLUMN "form_key" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_form_key_unique" ON "audit_log" USING btree ("form_key");--> statement-breakpoint
CREATE INDEX "coin_ledger_reason_created" ON "coin_ledger" USING btree ("reason","created_at","delta");--> statement-breakpoint
CREATE INDEX "conversations_support_unread" ON "conversations" USING btree ("id") WHERE "conversations"."kind" = 'support' and "conversations"."staff_unread" > 0;