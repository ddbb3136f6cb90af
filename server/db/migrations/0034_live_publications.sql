CREATE TABLE "live_publications" (
	"show_universal_id" text PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"internal_url" text NOT NULL,
	"source" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_publications" ADD CONSTRAINT "live_publications_show_universal_id_shows_universal_id_fk" FOREIGN KEY ("show_universal_id") REFERENCES "public"."shows"("universal_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "live_publications_node_idx" ON "live_publications" USING btree ("node");