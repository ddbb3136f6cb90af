ALTER TABLE "notice_targets" ADD COLUMN "prior_status" text;--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD COLUMN "effect" text;--> statement-breakpoint
CREATE INDEX "notice_targets_target" ON "notice_targets" USING btree ("kind","target_id");--> statement-breakpoint
-- Decided notices: the decision's effect, turned over by each upheld complaint so far.
UPDATE "takedown_notices" n SET "effect" = CASE
  WHEN (n."action" = 'remove') <> ((SELECT count(*) FROM "notice_complaints" c WHERE c."notice_id" = n."id" AND c."status" = 'upheld') % 2 = 1)
  THEN 'removed' ELSE 'kept' END
WHERE n."status" = 'decided';--> statement-breakpoint
-- Videos and galleries such a notice holds removed: what was restored before this column existed went back to published.
UPDATE "notice_targets" t SET "prior_status" = 'published'
FROM "takedown_notices" n
WHERE n."id" = t."notice_id" AND n."effect" = 'removed' AND t."kind" IN ('video', 'gallery')
  AND ((t."kind" = 'video' AND EXISTS (SELECT 1 FROM "videos" v WHERE v."id" = t."target_id" AND v."status" = 'removed'))
    OR (t."kind" = 'gallery' AND EXISTS (SELECT 1 FROM "galleries" g WHERE g."id" = t."target_id" AND g."status" = 'removed')));--> statement-breakpoint
ALTER TABLE "takedown_notices" ADD CONSTRAINT "takedown_effect_known" CHECK (("takedown_notices"."status" = 'open') = ("takedown_notices"."effect" is null) and ("takedown_notices"."effect" is null or "takedown_notices"."effect" in ('removed', 'kept')));