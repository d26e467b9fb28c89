ALTER TABLE "entry_search" ADD COLUMN "feed_id" bigint;--> statement-breakpoint
UPDATE "entry_search" es SET "feed_id" = e."feed_id" FROM "entries" e WHERE e."id" = es."entry_id" AND e."feed_id" IS NOT NULL;
