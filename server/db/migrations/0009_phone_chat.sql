CREATE TABLE "phone_chat_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_call_id" text NOT NULL,
	"state" text DEFAULT 'connecting' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"seconds" integer DEFAULT 0 NOT NULL,
	"price_per_minute_cents" integer NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "phone_extension" text;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "phone_chat_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "phone_chat_connecting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shows" ADD COLUMN "phone_chat_busy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_chat_calls" ADD CONSTRAINT "phone_chat_calls_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_chat_calls_provider_call" ON "phone_chat_calls" USING btree ("provider","provider_call_id");--> statement-breakpoint
CREATE INDEX "phone_chat_calls_show" ON "phone_chat_calls" USING btree ("show_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shows_phone_extension_unique" ON "shows" USING btree ("phone_extension");--> statement-breakpoint
-- Shows that already offer phone chat get their stable extension, 1000 upwards in id order (new ones
-- get the next free one from assignPhoneExtension when phone chat is turned on).
UPDATE "shows" SET "phone_extension" = numbered."extension" FROM (
	SELECT "id", (999 + row_number() OVER (ORDER BY "id"))::text AS "extension"
	FROM "shows" WHERE "phone_chat" AND "phone_extension" IS NULL
) AS numbered WHERE "shows"."id" = numbered."id";--> statement-breakpoint
ALTER TABLE "shows" ADD CONSTRAINT "shows_phone_extension_format" CHECK ("shows"."phone_extension" ~ '^[1-9][0-9]{3}$');
