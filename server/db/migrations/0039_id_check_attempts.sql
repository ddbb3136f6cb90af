CREATE TABLE "id_check_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"performer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"provider_session" text,
	"state" text DEFAULT 'started' NOT NULL,
	"reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_check_attempts_state" CHECK ("id_check_attempts"."state" in ('started', 'pending', 'passed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "id_check_attempts" ADD CONSTRAINT "id_check_attempts_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "id_check_attempts_reference" ON "id_check_attempts" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "id_check_attempts_performer" ON "id_check_attempts" USING btree ("performer_id","started_at");--> statement-breakpoint
-- The check each application started so far becomes its first attempt.
INSERT INTO "id_check_attempts" ("performer_id", "provider", "reference", "state", "reason", "started_at", "updated_at")
SELECT "performer_id", "id_check_provider", "id_check_ref", "id_check_state", "id_check_reason",
       coalesce("submitted_at", "created_at"), coalesce("id_check_updated_at", "submitted_at", "created_at")
FROM "performer_applications"
WHERE "id_check_ref" IS NOT NULL AND "id_check_provider" IS NOT NULL AND "id_check_state" <> 'none';
