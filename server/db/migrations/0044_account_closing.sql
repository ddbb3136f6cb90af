ALTER TABLE "users" ADD COLUMN "closing_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_closing" ON "users" USING btree ("closing_at") WHERE "users"."status" = 'closing';