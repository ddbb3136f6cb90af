ALTER TABLE "uploads" ADD COLUMN "writing_until" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "sandbox_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"follow_up" jsonb,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_status" integer,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_outbox_event_unique" ON "sandbox_outbox" USING btree ("channel","event_id");--> statement-breakpoint
CREATE INDEX "sandbox_outbox_due" ON "sandbox_outbox" USING btree ("channel","next_attempt_at") WHERE "sandbox_outbox"."state" = 'pending';
--> statement-breakpoint
INSERT INTO "sandbox_outbox" ("channel", "event_id", "body", "state", "attempts", "next_attempt_at", "last_status", "created_at", "delivered_at", "gave_up_at")
SELECT 'psp', "event_id", "body", "state", "attempts", "next_attempt_at", "last_status", "created_at", "delivered_at", "gave_up_at" FROM "sandbox_psp_outbox" ORDER BY "id";
--> statement-breakpoint
DROP TABLE "sandbox_psp_outbox" CASCADE;
--> statement-breakpoint
CREATE TABLE "sandbox_sms" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"to_number" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
