// Rows anyone may see, read the same way wherever they are shown (feed pages, share pages, profiles).
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "./client.ts";
import { entries, users } from "./schema/index.ts";
import { notBlockedBy } from "./sql-helpers.ts";

/** Every entry column but the heavy ones (content, readability, hash): a preview. */
const { content: _content, readabilityContent: _readability, contentHash: _hash, ...entryPreview } = getTableColumns(entries);
export const entryPreviewColumns = entryPreview;

/** What anyone may see of a user: deliberately no e-mail address, role or admin flag. */
export const publicUserColumns = {
  id: users.id,
  name: users.name,
  image: users.image,
  handle: users.handle,
  bio: users.bio,
  website: users.website,
  socialLinks: users.socialLinks,
  createdAt: users.createdAt,
};

/**
 * The newest entries of a feed, without content (matches entries_feed_published_idx). `readerId`:
 * shown to that signed-in reader, so without the entries they blocked.
 */
export function newestFeedEntries(db: Database, feedId: string, limit: number, readerId?: string) {
  return db
    .select(entryPreviewColumns)
    .from(entries)
    .where(and(eq(entries.feedId, feedId), readerId === undefined ? undefined : notBlockedBy(readerId, sql`${entries.id}`)))
    .orderBy(sql`${entries.publishedAt} DESC NULLS LAST`, sql`${entries.id} DESC NULLS LAST`)
    .limit(limit);
}
