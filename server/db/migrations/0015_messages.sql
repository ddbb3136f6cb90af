CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"show_id" integer,
	"nickname_id" integer,
	"member_blocked" boolean DEFAULT false NOT NULL,
	"staff_blocked" boolean DEFAULT false NOT NULL,
	"last_message_id" integer,
	"last_message_at" timestamp with time zone,
	"member_unread" integer DEFAULT 0 NOT NULL,
	"staff_unread" integer DEFAULT 0 NOT NULL,
	"member_cleared_through" integer DEFAULT 0 NOT NULL,
	"member_mailed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_kind_known" CHECK ("conversations"."kind" in ('show', 'support')),
	CONSTRAINT "conversations_show_iff_kind" CHECK (("conversations"."kind" = 'show') = ("conversations"."show_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author" text NOT NULL,
	"operator_id" integer,
	"body" text NOT NULL,
	"coins" integer DEFAULT 0 NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"attachment_image_id" integer,
	"attachment_coins" integer DEFAULT 0 NOT NULL,
	"client_key" text,
	"read_at" timestamp with time zone,
	"member_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_author_known" CHECK ("messages"."author" in ('member', 'staff')),
	CONSTRAINT "messages_money_not_negative" CHECK ("messages"."coins" >= 0 and "messages"."tip" >= 0 and "messages"."attachment_coins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "message_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_image_id_gallery_images_id_fk" FOREIGN KEY ("attachment_image_id") REFERENCES "public"."gallery_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_member_show" ON "conversations" USING btree ("user_id","show_id") WHERE "conversations"."kind" = 'show';--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_member_support" ON "conversations" USING btree ("user_id") WHERE "conversations"."kind" = 'support';--> statement-breakpoint
CREATE INDEX "conversations_member_latest" ON "conversations" USING btree ("user_id","last_message_id");--> statement-breakpoint
CREATE INDEX "conversations_show_latest" ON "conversations" USING btree ("show_id","last_message_id");--> statement-breakpoint
CREATE INDEX "conversations_support_latest" ON "conversations" USING btree ("last_message_id") WHERE "conversations"."kind" = 'support';--> statement-breakpoint
CREATE INDEX "messages_conversation" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_client_key" ON "messages" USING btree ("conversation_id","client_key");