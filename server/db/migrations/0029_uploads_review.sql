CREATE TABLE "content_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"performer_id" integer NOT NULL,
	"video_id" integer,
	"gallery_id" integer,
	"edit" jsonb,
	"state" text DEFAULT 'open' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reviews_state_known" CHECK ("content_reviews"."state" in ('open', 'approved', 'rejected')),
	CONSTRAINT "content_reviews_one_target" CHECK (("content_reviews"."video_id" is null) <> ("content_reviews"."gallery_id" is null))
);
--> statement-breakpoint
CREATE TABLE "media_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"performer_id" integer NOT NULL,
	"upload_id" text NOT NULL,
	"video_id" integer,
	"gallery_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"parts" jsonb,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_jobs_state_known" CHECK ("media_jobs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "media_jobs_one_target" CHECK (("media_jobs"."video_id" is null) <> ("media_jobs"."gallery_id" is null))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"declared_type" text NOT NULL,
	"size" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'receiving' NOT NULL,
	"format" text,
	"duration" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_kind_known" CHECK ("uploads"."kind" in ('video', 'picture')),
	CONSTRAINT "uploads_state_known" CHECK ("uploads"."state" in ('receiving', 'ready', 'used')),
	CONSTRAINT "uploads_offset_in_size" CHECK ("uploads"."offset" >= 0 and "uploads"."offset" <= "uploads"."size")
);
--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reviews" ADD CONSTRAINT "content_reviews_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reviews_open" ON "content_reviews" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "content_reviews_video" ON "content_reviews" USING btree ("video_id","id");--> statement-breakpoint
CREATE INDEX "content_reviews_gallery" ON "content_reviews" USING btree ("gallery_id","id");--> statement-breakpoint
CREATE INDEX "media_jobs_queue" ON "media_jobs" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "media_jobs_video" ON "media_jobs" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "media_jobs_gallery" ON "media_jobs" USING btree ("gallery_id");--> statement-breakpoint
CREATE INDEX "uploads_performer" ON "uploads" USING btree ("performer_id","state");--> statement-breakpoint
CREATE INDEX "uploads_touched" ON "uploads" USING btree ("touched_at");