CREATE TABLE "page_views" (
	"day" date NOT NULL,
	"website_id" integer NOT NULL,
	"webid" integer NOT NULL,
	"host" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"member_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_website_id_webid_host_pk" PRIMARY KEY("day","website_id","webid","host")
);
