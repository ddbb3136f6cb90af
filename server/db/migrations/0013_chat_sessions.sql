CREATE TABLE "chat_bans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"user_id" integer,
	"web_session_id" text,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_bans_someone" CHECK ("chat_bans"."user_id" is not null or "chat_bans"."web_session_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"user_id" integer,
	"web_session_id" text NOT NULL,
	"nickname" text NOT NULL,
	"kind" text NOT NULL,
	"price_per_minute" integer NOT NULL,
	"performer_share" integer NOT NULL,
	"earnings_user_id" integer,
	"minute_seconds" integer NOT NULL,
	"node" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"billed_minutes" integer DEFAULT 0 NOT NULL,
	"next_minute_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"rating" integer,
	"rating_comment" text,
	"rated_at" timestamp with time zone,
	"rating_asked_at" timestamp with time zone,
	CONSTRAINT "chat_sessions_kind_known" CHECK ("chat_sessions"."kind" in ('free', 'voyeur', 'private', 'exclusive')),
	CONSTRAINT "chat_sessions_paid_by_member" CHECK ("chat_sessions"."price_per_minute" = 0 or "chat_sessions"."user_id" is not null),
	CONSTRAINT "chat_sessions_share_in_price" CHECK ("chat_sessions"."performer_share" between 0 and "chat_sessions"."price_per_minute"),
	CONSTRAINT "chat_sessions_rating_range" CHECK ("chat_sessions"."rating" is null or "chat_sessions"."rating" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "chat_transcript" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"chat_session_id" uuid,
	"author" text NOT NULL,
	"user_id" integer,
	"nickname" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "earnings_user_id" integer;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_bans" ADD CONSTRAINT "chat_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_earnings_user_id_users_id_fk" FOREIGN KEY ("earnings_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transcript" ADD CONSTRAINT "chat_transcript_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transcript" ADD CONSTRAINT "chat_transcript_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_transcript" ADD CONSTRAINT "chat_transcript_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_bans_member" ON "chat_bans" USING btree ("show_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_bans_guest" ON "chat_bans" USING btree ("show_id","web_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_one_private_per_show" ON "chat_sessions" USING btree ("show_id") WHERE "chat_sessions"."ended_at" is null and "chat_sessions"."kind" in ('private', 'exclusive');--> statement-breakpoint
CREATE UNIQUE INDEX "chat_sessions_one_paid_per_member" ON "chat_sessions" USING btree ("user_id") WHERE "chat_sessions"."ended_at" is null and "chat_sessions"."price_per_minute" > 0;--> statement-breakpoint
CREATE INDEX "chat_sessions_due" ON "chat_sessions" USING btree ("next_minute_at") WHERE "chat_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "chat_sessions_open_seen" ON "chat_sessions" USING btree ("last_seen_at") WHERE "chat_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "chat_sessions_show_open" ON "chat_sessions" USING btree ("show_id") WHERE "chat_sessions"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "chat_sessions_user" ON "chat_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_web_session" ON "chat_sessions" USING btree ("web_session_id","started_at");--> statement-breakpoint
CREATE INDEX "chat_transcript_show" ON "chat_transcript" USING btree ("show_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_transcript_created" ON "chat_transcript" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "referral_codes_show" ON "referral_codes" USING btree ("show_id");