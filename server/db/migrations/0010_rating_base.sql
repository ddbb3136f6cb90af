ALTER TABLE "galleries" ADD COLUMN "rating_base_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD COLUMN "rating_base_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "rating_base_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "rating_base_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The aggregate each item has now, less the members' ratings already in it, is the base it arrived with.
UPDATE "videos" SET "rating_base_votes" = greatest(0, "rating_count" - m."votes"), "rating_base_sum" = CASE WHEN "rating_count" > m."votes" THEN least(100 * ("rating_count" - m."votes"), greatest(0, "rating" * "rating_count" - m."sum")) ELSE 0 END
FROM (SELECT v."id", count(r."rating")::int AS "votes", coalesce(sum(r."rating"), 0)::int AS "sum" FROM "videos" v LEFT JOIN "video_parts" p ON p."video_id" = v."id" LEFT JOIN "ratings" r ON r."item" = 'video:' || p."video_id" || ':' || p."part" GROUP BY v."id") m
WHERE m."id" = "videos"."id";--> statement-breakpoint
UPDATE "galleries" SET "rating_base_votes" = greatest(0, "rating_count" - m."votes"), "rating_base_sum" = CASE WHEN "rating_count" > m."votes" THEN least(100 * ("rating_count" - m."votes"), greatest(0, "rating" * "rating_count" - m."sum")) ELSE 0 END
FROM (SELECT g."id", count(r."rating")::int AS "votes", coalesce(sum(r."rating"), 0)::int AS "sum" FROM "galleries" g LEFT JOIN "ratings" r ON r."item" = 'gallery:' || g."id" GROUP BY g."id") m
WHERE m."id" = "galleries"."id";
