CREATE TABLE "welcome_gifts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"video_id" integer,
	"voucher_percent" integer,
	"promised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_at" timestamp with time zone,
	"shown_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "welcome_gifts" ADD CONSTRAINT "welcome_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;