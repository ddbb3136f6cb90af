ALTER TABLE "performers" DROP CONSTRAINT "performers_status_known";--> statement-breakpoint
ALTER TABLE "performers" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_status_known" CHECK ("performers"."status" in ('active', 'disabled', 'pending', 'rejected', 'closed'));