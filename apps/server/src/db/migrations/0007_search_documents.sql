-- Documents written before this migration were made by PostgreSQL's parser: version 1, rewritten
-- in the background; new ones are version 2 (see schema/entry-search.ts).
ALTER TABLE "entry_search" ADD COLUMN "version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_search" ALTER COLUMN "version" SET DEFAULT 2;--> statement-breakpoint
CREATE INDEX "entry_search_stale_idx" ON "entry_search" USING btree ("entry_id") WHERE "entry_search"."version" < 2;--> statement-breakpoint
-- What the last refresh read of each item (schema/feeds.ts): none yet, so every item is read once.
ALTER TABLE "feeds" ADD COLUMN "item_digests" jsonb;--> statement-breakpoint
-- Entry contents and documents are compressed with LZ4 where the server has it (PostgreSQL 14+
-- built with it, as Debian's and the official images are): several times faster than the
-- default pglz, which took a tenth of the database's time of a refresh. PGlite has only pglz.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "entries" ALTER COLUMN "content" SET COMPRESSION lz4;
    ALTER TABLE "entries" ALTER COLUMN "readability_content" SET COMPRESSION lz4;
    ALTER TABLE "entry_search" ALTER COLUMN "document" SET COMPRESSION lz4;
  END IF;
END $$;
