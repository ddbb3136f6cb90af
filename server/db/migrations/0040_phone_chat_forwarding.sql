CREATE TABLE "phone_chat_forwarding" (
	"show_id" integer PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_chat_forwarding_e164" CHECK ("phone_chat_forwarding"."number" ~ '^\+[1-9][0-9]{6,14}$')
);
--> statement-breakpoint
ALTER TABLE "phone_chat_forwarding" ADD CONSTRAINT "phone_chat_forwarding_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;