ALTER TABLE "chat_bans" ADD COLUMN "guest_address" text;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD COLUMN "guest_visitor" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "guest_address" text;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "guest_visitor" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address_hash" text;--> statement-breakpoint
CREATE INDEX "chat_bans_guest_address" ON "chat_bans" USING btree ("show_id","guest_address");--> statement-breakpoint
CREATE INDEX "chat_sessions_guest_address" ON "chat_sessions" USING btree ("guest_address","started_at") WHERE "chat_sessions"."user_id" is null and "chat_sessions"."kind" = 'free';