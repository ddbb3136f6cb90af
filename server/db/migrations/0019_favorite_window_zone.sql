ALTER TABLE "favorites" ADD COLUMN "info_time_zone" text;--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "mailed_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "favorite_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "favorites_show_window" ON "favorites" USING btree ("show_id","id") WHERE "favorites"."info_start" is not null;--> statement-breakpoint
-- Windows stored before were "HH:MM" meant on the German clock: they keep their times and get that zone.
UPDATE "favorites" SET "info_time_zone" = 'Europe/Berlin' WHERE "info_time_zone" IS NULL AND "info_start" IS NOT NULL AND "info_end" IS NOT NULL;--> statement-breakpoint
-- Anything else (half a window, not a time) was never valid: off.
UPDATE "favorites" SET "info_start" = NULL, "info_end" = NULL, "info_time_zone" = NULL WHERE ("info_start" IS NOT NULL OR "info_end" IS NOT NULL) AND ("info_start" IS NULL OR "info_end" IS NULL OR "info_start" !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' OR "info_end" !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
