CREATE TABLE "notice_complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"party" text NOT NULL,
	"show_id" integer,
	"text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reasoning" text,
	CONSTRAINT "notice_complaints_party_known" CHECK ("notice_complaints"."party" in ('performer', 'notifier')),
	CONSTRAINT "notice_complaints_status_known" CHECK ("notice_complaints"."status" in ('open', 'upheld', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "notice_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer,
	"show_id" integer,
	CONSTRAINT "notice_targets_kind_known" CHECK ("notice_targets"."kind" in ('video', 'gallery', 'show', 'other'))
);
--> statement-breakpoint
CREATE TABLE "statements_of_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"show_id" integer NOT NULL,
	"restricted" jsonb NOT NULL,
	"ground" text NOT NULL,
	"reasoning" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "takedown_status";--> statement-breakpoint
ALTER TABLE "takedown_notices" ALTER COLUMN "status" SET DEFAULT 'open';--> statement-breakpoint
UPDATE "takedown_notices" SET "status" = 'open' WHERE "status" <> 'open';--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "withheld_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "ground" text;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "reasoning" text;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "automated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notice_complaints" ADD CONSTRAINT "notice_complaints_notice_id_takedown_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_complaints" ADD CONSTRAINT "notice_complaints_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_complaints" ADD CONSTRAINT "notice_complaints_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_notice_id_takedown_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_targets" ADD CONSTRAINT "notice_targets_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_notice_id_takedown_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."takedown_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements_of_reasons" ADD CONSTRAINT "statements_of_reasons_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notice_complaints_once" ON "notice_complaints" USING btree ("notice_id","party",coalesce("show_id", 0));--> statement-breakpoint
CREATE INDEX "notice_complaints_status" ON "notice_complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notice_targets_notice" ON "notice_targets" USING btree ("notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statements_notice_show" ON "statements_of_reasons" USING btree ("notice_id","show_id");--> statement-breakpoint
CREATE INDEX "statements_show" ON "statements_of_reasons" USING btree ("show_id");--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_notices_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takedown_status" ON "takedown_notices" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_status_known" CHECK ("takedown_notices"."status" in ('open', 'decided'));--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_decision_whole" CHECK (("takedown_notices"."status" = 'open') = ("takedown_notices"."decided_at" is null and "takedown_notices"."action" is null and "takedown_notices"."ground" is null and "takedown_notices"."reasoning" is null));