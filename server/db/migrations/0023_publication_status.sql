ALTER TABLE "galleries" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_status_known" CHECK ("galleries"."status" in ('pending', 'published', 'rejected', 'removed'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_status_known" CHECK ("videos"."status" in ('pending', 'published', 'rejected', 'removed'));