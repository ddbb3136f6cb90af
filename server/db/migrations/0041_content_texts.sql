CREATE TABLE "content_texts" (
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer NOT NULL,
	CONSTRAINT "content_texts_page_locale_pk" PRIMARY KEY("page","locale"),
	CONSTRAINT "content_texts_locale_known" CHECK ("content_texts"."locale" in ('en', 'de'))
);
--> statement-breakpoint
ALTER TABLE "content_texts" ADD CONSTRAINT "content_texts_updated_by_operators_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;