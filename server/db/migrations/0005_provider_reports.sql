ALTER TABLE "sms_verifications" ADD COLUMN "gateway_message_id" text;--> statement-breakpoint
ALTER TABLE "sms_verifications" ADD COLUMN "delivery_status" text;--> statement-breakpoint
CREATE INDEX "phone_calls_provider_call" ON "phone_calls" USING btree ("provider","provider_call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_verifications_gateway_message_unique" ON "sms_verifications" USING btree ("gateway_message_id") WHERE "sms_verifications"."gateway_message_id" is not null;