CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"show_id" integer NOT NULL,
	"session_type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"coins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"show_id" integer NOT NULL,
	"info_type" integer DEFAULT 1 NOT NULL,
	"info_start" text,
	"info_end" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galleries" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_de" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"rating" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', "galleries"."title_de"), 'A') || setweight(to_tsvector('english', "galleries"."title_en"), 'A')) STORED
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"gallery_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_de" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stops_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"item" text NOT NULL,
	"video_id" integer,
	"part" integer,
	"gallery_id" integer,
	"coins" integer DEFAULT 0 NOT NULL,
	"coupon_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"user_id" integer NOT NULL,
	"item" text NOT NULL,
	"rating" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_user_id_item_pk" PRIMARY KEY("user_id","item")
);
--> statement-breakpoint
CREATE TABLE "show_categories" (
	"show_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "show_categories_show_id_category_id_pk" PRIMARY KEY("show_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "show_history" (
	"user_id" integer NOT NULL,
	"show_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "show_history_user_id_show_id_pk" PRIMARY KEY("user_id","show_id")
);
--> statement-breakpoint
CREATE TABLE "show_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"show_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "show_tags" (
	"show_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "show_tags_show_id_tag_id_pk" PRIMARY KEY("show_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "shows" (
	"id" serial PRIMARY KEY NOT NULL,
	"universal_id" text NOT NULL,
	"slug_name" text NOT NULL,
	"show_name" text NOT NULL,
	"contentprovider_id" integer DEFAULT 1 NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"online_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slogan_en" text DEFAULT '' NOT NULL,
	"slogan_de" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"exclusive" integer DEFAULT 0 NOT NULL,
	"price_per_minute" integer NOT NULL,
	"price_factor_exclusive" integer DEFAULT 150 NOT NULL,
	"age" integer NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"rating" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"sound" boolean DEFAULT true NOT NULL,
	"phone_chat" boolean DEFAULT false NOT NULL,
	"main_image_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', "shows"."show_name"), 'A') || setweight(to_tsvector('german', "shows"."slogan_de" || ' ' || "shows"."description_de"), 'C') || setweight(to_tsvector('english', "shows"."slogan_en" || ' ' || "shows"."description_en"), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_de" text NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "video_parts" (
	"video_id" integer NOT NULL,
	"part" integer NOT NULL,
	"duration" integer NOT NULL,
	"price" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"storage_key" text,
	CONSTRAINT "video_parts_video_id_part_pk" PRIMARY KEY("video_id","part")
);
--> statement-breakpoint
CREATE TABLE "video_tags" (
	"video_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "video_tags_video_id_tag_id_pk" PRIMARY KEY("video_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"ccid" integer NOT NULL,
	"show_id" integer NOT NULL,
	"title_en" text NOT NULL,
	"title_de" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_de" text DEFAULT '' NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"rating" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german', "videos"."title_de"), 'A') || setweight(to_tsvector('english', "videos"."title_en"), 'A') || setweight(to_tsvector('german', "videos"."description_de"), 'C') || setweight(to_tsvector('english', "videos"."description_en"), 'C')) STORED
);
--> statement-breakpoint
ALTER TABLE "chat_history" ADD CONSTRAINT "chat_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_history" ADD CONSTRAINT "chat_history_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promos" ADD CONSTRAINT "promos_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_gallery_id_galleries_id_fk" FOREIGN KEY ("gallery_id") REFERENCES "public"."galleries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_categories" ADD CONSTRAINT "show_categories_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_categories" ADD CONSTRAINT "show_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_history" ADD CONSTRAINT "show_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_history" ADD CONSTRAINT "show_history_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_images" ADD CONSTRAINT "show_images_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_tags" ADD CONSTRAINT "show_tags_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_tags" ADD CONSTRAINT "show_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_parts" ADD CONSTRAINT "video_parts_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_show_id_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_history_user" ON "chat_history" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_show_unique" ON "favorites" USING btree ("user_id","show_id");--> statement-breakpoint
CREATE INDEX "favorites_show" ON "favorites" USING btree ("show_id");--> statement-breakpoint
CREATE INDEX "galleries_show" ON "galleries" USING btree ("show_id","created_at");--> statement-breakpoint
CREATE INDEX "galleries_created" ON "galleries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "galleries_search" ON "galleries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "galleries_title_trgm" ON "galleries" USING gin (lower("title_en") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "galleries_one_free_per_show" ON "galleries" USING btree ("show_id") WHERE "galleries"."free";--> statement-breakpoint
CREATE INDEX "gallery_images_gallery" ON "gallery_images" USING btree ("gallery_id","position");--> statement-breakpoint
CREATE INDEX "promos_stop" ON "promos" USING btree ("stops_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_user_item_unique" ON "purchases" USING btree ("user_id","item");--> statement-breakpoint
CREATE INDEX "purchases_user" ON "purchases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "ratings_item" ON "ratings" USING btree ("item");--> statement-breakpoint
CREATE INDEX "show_categories_category" ON "show_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "show_history_recent" ON "show_history" USING btree ("user_id","visited_at");--> statement-breakpoint
CREATE INDEX "show_images_show" ON "show_images" USING btree ("show_id","position");--> statement-breakpoint
CREATE INDEX "show_tags_tag" ON "show_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shows_universal_id_unique" ON "shows" USING btree ("universal_id");--> statement-breakpoint
CREATE INDEX "shows_list_order" ON "shows" USING btree ("online","position","id");--> statement-breakpoint
CREATE INDEX "shows_search" ON "shows" USING gin ("search");--> statement-breakpoint
CREATE INDEX "shows_name_trgm" ON "shows" USING gin (lower("show_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "video_tags_tag" ON "video_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "videos_ccid_unique" ON "videos" USING btree ("ccid");--> statement-breakpoint
CREATE INDEX "videos_show" ON "videos" USING btree ("show_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_created" ON "videos" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "videos_search" ON "videos" USING gin ("search");--> statement-breakpoint
CREATE INDEX "videos_title_trgm" ON "videos" USING gin (lower("title_en") gin_trgm_ops);--> statement-breakpoint
INSERT INTO "categories" ("id", "slug", "name_en", "name_de", "description_en", "description_de", "position") VALUES
  (1, 'all', 'All shows', 'Alle Shows', 'Every show of the platform.', 'Alle Shows der Plattform.', 0),
  (2, 'newcomers', 'Newcomers', 'Neu dabei', 'Performers who joined in the last weeks.', 'Darstellerinnen, die in den letzten Wochen dazugekommen sind.', 10),
  (3, 'top-rated', 'Top rated', 'Top bewertet', 'The shows members rate highest.', 'Die Shows mit den besten Bewertungen.', 20),
  (4, 'young', 'Young (18+)', 'Jung (18+)', 'Performers aged 18 to 25.', 'Darstellerinnen zwischen 18 und 25.', 30),
  (5, 'mature', 'Mature', 'Reif', 'Performers over 40.', 'Darstellerinnen über 40.', 40),
  (6, 'couples', 'Couples', 'Paare', 'Shows by couples.', 'Shows von Paaren.', 50),
  (7, 'curvy', 'Curvy', 'Kurvig', 'Performers with curves.', 'Darstellerinnen mit Kurven.', 60),
  (8, 'blonde', 'Blonde', 'Blond', 'Blonde performers.', 'Blonde Darstellerinnen.', 70),
  (9, 'brunette', 'Brunette', 'Brünett', 'Brunette performers.', 'Brünette Darstellerinnen.', 80),
  (10, 'redhead', 'Redhead', 'Rothaarig', 'Red-haired performers.', 'Rothaarige Darstellerinnen.', 90),
  (11, 'dance', 'Dance', 'Tanz', 'Shows with dancing.', 'Shows mit Tanz.', 100),
  (12, 'talk', 'Chat & talk', 'Plaudern', 'Performers who love to talk.', 'Darstellerinnen, die gern plaudern.', 110),
  (20, 'specials', 'Specials', 'Aktionen', 'Shows with a running offer.', 'Shows mit einem laufenden Angebot.', 5),
  (1001, 'phone-chat', 'Phone chat', 'Telefonchat', 'Shows you can also call.', 'Shows, die Sie auch anrufen können.', 200),
  (1013, 'german-speaking', 'German speaking', 'Deutschsprachig', 'Performers who speak German.', 'Darstellerinnen, die Deutsch sprechen.', 210),
  (1024, 'tattoos', 'Tattoos', 'Tattoos', 'Performers with tattoos.', 'Darstellerinnen mit Tattoos.', 220),
  (1051, 'glasses', 'Glasses', 'Brille', 'Performers with glasses.', 'Darstellerinnen mit Brille.', 230),
  (1052, 'piercings', 'Piercings', 'Piercings', 'Performers with piercings.', 'Darstellerinnen mit Piercings.', 240),
  (1054, 'sporty', 'Sporty', 'Sportlich', 'Sporty performers.', 'Sportliche Darstellerinnen.', 250),
  (1062, 'cosplay', 'Cosplay', 'Cosplay', 'Shows in costume.', 'Shows im Kostüm.', 260);
