CREATE TABLE "performer_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"performer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "performers" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "performers_status_known" CHECK ("performers"."status" in ('active', 'disabled'))
);
--> statement-breakpoint
ALTER TABLE "performer_sessions" ADD CONSTRAINT "performer_sessions_performer_id_performers_id_fk" FOREIGN KEY ("performer_id") REFERENCES "public"."performers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performers" ADD CONSTRAINT "performers_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "performer_sessions_performer" ON "performer_sessions" USING btree ("performer_id");--> statement-breakpoint
CREATE INDEX "performer_sessions_expires" ON "performer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "performers_show_unique" ON "performers" USING btree ("show_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performers_email_unique" ON "performers" USING btree ("email");