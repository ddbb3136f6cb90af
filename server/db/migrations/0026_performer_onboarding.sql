CREATE TABLE "id_check_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performer_applications" (
	"performer_id" integer PRIMARY KEY NOT NULL,
	"show_name" text NOT NULL,
	"show_name_key" text NOT NULL,
	"languages" text[] NOT NULL,
	"category_ids" integer[] NOT NULL,
	"locale" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"email_token_hash" text,
	"email_token_expires_at" timestamp with time zone,
	"email_confirmed_at" timestamp with time zone,
	"id_front_key" text,
	"id_back_key" text,
	"selfie_key" text,
	"id_check_provider" text,
	"id_check_ref" text,
	"id_check_state" text DEFAULT 'none' NOT NULL,
	"id_check_reason" text,
	"id_check_updated_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "performer_applications_check_state" CHECK ("performer_applications"."id_check_state" in ('none', 'started', 'pending', 'passed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "performer_records" (
	"performer_id" integer PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"checked_on" date NOT NULL,
	"custodian" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_id_checks" (
	"reference" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "performers" DROP CONSTRAINT "performers_status_known";--> statement-breakpoint
ALTER TABLE "performers" ALTER COLUMN "show_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "performer_applications" ADD CONSTRAINT "performer_applications_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_applications" ADD CONSTRAINT "performer_applications_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_records" ADD CONSTRAINT "performer_records_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performer_records" ADD CONSTRAINT "performer_records_recorded_by_operators_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "id_check_events_unique" ON "id_check_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performer_applications_show_name" ON "performer_applications" USING btree ("show_name_key");--> statement-breakpoint
CREATE UNIQUE INDEX "performer_applications_check_ref" ON "performer_applications" USING btree ("id_check_provider","id_check_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "performer_applications_email_token" ON "performer_applications" USING btree ("email_token_hash");--> statement-breakpoint
CREATE INDEX "performer_applications_queue" ON "performer_applications" USING btree ("submitted_at") WHERE "performer_applications"."decided_at" is null;--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_active_has_show" CHECK ("performers"."status" not in ('active', 'disabled') or "performers"."show_id" is not null);--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_status_known" CHECK ("performers"."status" in ('active', 'disabled', 'pending', 'rejected'));