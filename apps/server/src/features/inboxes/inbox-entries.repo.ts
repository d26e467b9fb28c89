import { and, eq, sql } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { entries, inboxes, unreadCounts } from "../../db/schema/index.ts";
import { notBlockedBy } from "../../db/sql-helpers.ts";

/** The id in the URL of a private file (files.service.ts `privateUrl`). */
const FILE_ID_PATTERN = "/api/attachments/(\\d{1,19})/";

export type InboxEntryInsert = typeof entries.$inferInsert & { inboxId: string; publishedAt: Date };

export function createInboxEntriesRepo(db: Database) {
  return {
    /**
     * Stores an inbox entry; one with the same guid in the inbox is updated instead (its id, place
     * in the timeline and publication time stay). Returns the entry's id.
     */
    async upsert(executor: Executor, row: InboxEntryInsert): Promise<string> {
      const [saved] = await executor
        .insert(entries)
        .values(row)
        .onConflictDoUpdate({
          target: [entries.inboxId, entries.guid],
          set: {
            title: row.title ?? null,
            url: row.url ?? null,
            content: row.content ?? null,
            // The extracted article belongs to the old address.
            readabilityContent: sql`CASE WHEN ${entries.url} IS NOT DISTINCT FROM excluded.url THEN ${entries.readabilityContent} END`,
            description: row.description ?? null,
            author: row.author ?? null,
            authorUrl: row.authorUrl ?? null,
            authorAvatar: row.authorAvatar ?? null,
            language: row.language ?? null,
            media: row.media ?? null,
            categories: row.categories ?? null,
            attachments: row.attachments ?? null,
            extra: row.extra ?? null,
            updatedAt: row.updatedAt ?? new Date(),
          },
        })
        .returning({ id: entries.id });
      return saved!.id;
    },

    /** Stores a new inbox entry and answers its id; null when the inbox has the guid already. */
    async insertNew(executor: Executor, row: InboxEntryInsert): Promise<string | null> {
      const [saved] = await executor
        .insert(entries)
        .values(row)
        .onConflictDoNothing({ target: [entries.inboxId, entries.guid] })
        .returning({ id: entries.id });
      return saved?.id ?? null;
    },

    /**
     * The private files (mail attachments and inline images) the entries name, by the id in their
     * `/api/attachments/:id/` URLs: of one entry, or of every entry of an inbox.
     */
    async fileIdsOf(executor: Executor, of: { entryId: string } | { inboxId: string }): Promise<string[]> {
      const rows = await executor
        .selectDistinct({ id: sql<string>`(regexp_matches(coalesce(${entries.attachments}::text, '') || coalesce(${entries.content}, ''), ${FILE_ID_PATTERN}, 'g'))[1]` })
        .from(entries)
        .where(
          and(
            "entryId" in of ? eq(entries.id, of.entryId) : eq(entries.inboxId, of.inboxId),
            sql`(${entries.attachments}::text LIKE '%/api/attachments/%' OR ${entries.content} LIKE '%/api/attachments/%')`,
          ),
        );
      return rows.map((row) => row.id);
    },

    async findIdByGuid(inboxId: string, guid: string): Promise<string | null> {
      const [row] = await db.select({ id: entries.id }).from(entries).where(and(eq(entries.inboxId, inboxId), eq(entries.guid, guid)));
      return row?.id ?? null;
    },

    /** An inbox entry with its inbox's owner; null for a feed entry or no entry. */
    async findWithOwner(entryId: string): Promise<{ id: string; inboxId: string; ownerUserId: string } | null> {
      const [row] = await db
        .select({ id: entries.id, inboxId: inboxes.id, ownerUserId: inboxes.ownerUserId })
        .from(entries)
        .innerJoin(inboxes, eq(inboxes.id, entries.inboxId))
        .where(eq(entries.id, entryId));
      return row ?? null;
    },

    async remove(executor: Executor, entryId: string): Promise<void> {
      await executor.delete(entries).where(eq(entries.id, entryId));
    },

    async removeAllOf(executor: Executor, inboxId: string): Promise<void> {
      await executor.delete(entries).where(eq(entries.inboxId, inboxId));
    },

    /** The inbox's entries, as its owner `userId` has them: those they blocked left out. */
    async count(inboxId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(entries)
        .where(and(eq(entries.inboxId, inboxId), notBlockedBy(userId, sql`${entries.id}`)));
      return Number(row?.count ?? 0);
    },

    /** The user's unread entries in the inbox, as kept with the timeline. */
    async unreadCount(userId: string, inboxId: string): Promise<number> {
      const [row] = await db
        .select({ count: unreadCounts.count })
        .from(unreadCounts)
        .where(and(eq(unreadCounts.userId, userId), eq(unreadCounts.sourceId, inboxId)));
      return row?.count ?? 0;
    },
  };
}

export type InboxEntriesRepo = ReturnType<typeof createInboxEntriesRepo>;
