CREATE TABLE "api_processes" (
	"node" text PRIMARY KEY NOT NULL,
	"internal_url" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delayed_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claim" text,
	"claimed_by" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodic_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "delayed_jobs_due" ON "delayed_jobs" USING btree ("run_at") WHERE "delayed_jobs"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "delayed_jobs_pending_key" ON "delayed_jobs" USING btree ("key") WHERE "delayed_jobs"."state" = 'pending';