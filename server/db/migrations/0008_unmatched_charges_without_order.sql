ALTER TABLE "unmatched_charges" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "unmatched_charges" ALTER COLUMN "user_id" DROP NOT NULL;