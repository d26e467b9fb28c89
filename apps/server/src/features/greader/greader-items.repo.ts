import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client.ts";
import type { EntryAttachment } from "../../db/schema/index.ts";
import { entryVisibleTo, idSet } from "../../db/sql-helpers.ts";

/** An entry with what one reader's app shows of it: read, starred, the subscription it came by. */
export interface ItemRecord {
  id: string;
  visible: boolean;
  title: string | null;
  url: string | null;
  author: string | null;
  html: string | null;
  publishedAt: Date;
  updatedAt: Date;
  attachments: EntryAttachment[] | null;
  unread: boolean;
  starred: boolean;
  /** The stream the entry came by (`feed/…`), its title and site, and the reader's folder for it. */
  origin: { streamId: string | null; title: string | null; htmlUrl: string | null; category: string | null; subscribed: boolean };
}

/**
 * Entries by id for one reader. An entry that reached the reader by several sources is shown as
 * coming by its feed (then an inbox, then a list): the subscription the reader made for it.
 */
export function createGreaderItemsRepo(db: Database) {
  return {
    async items(userId: string, entryIds: string[]): Promise<ItemRecord[]> {
      if (entryIds.length === 0) return [];
      const rows = rowsOf<{
        id: string | number;
        visible: boolean;
        title: string | null;
        url: string | null;
        author: string | null;
        html: string | null;
        published_at: string | Date;
        updated_at: string | Date;
        attachments: EntryAttachment[] | string | null;
        unread: boolean;
        starred: boolean;
        source_id: string | number | null;
        source_type: "feed" | "list" | "inbox" | null;
        feed_id: string | number | null;
        handle: string | null;
        origin_title: string | null;
        site_url: string | null;
        category: string | null;
        subscribed: boolean;
      }>(
        await db.execute(sql`
          SELECT e.id, ${entryVisibleTo(userId)} AS visible, e.title, e.url, e.author, coalesce(e.content, e.description) AS html,
            e.published_at, e.updated_at, e.attachments,
            EXISTS (SELECT 1 FROM unread_entries u WHERE u.user_id = ${userId} AND u.entry_id = e.id) AS unread,
            EXISTS (SELECT 1 FROM collections c WHERE c.user_id = ${userId} AND c.entry_id = e.id) AS starred,
            src.source_id, src.source_type, e.feed_id, i.handle,
            coalesce(s.title, CASE WHEN src.source_type = 'list' THEN l.title END, f.title, i.title, f.url) AS origin_title,
            coalesce(f.site_url, f.url) AS site_url, s.category, s.id IS NOT NULL AS subscribed
          FROM entries e
          LEFT JOIN LATERAL (
            SELECT t.source_id, t.source_type FROM timeline t WHERE t.user_id = ${userId} AND t.entry_id = e.id
            ORDER BY CASE t.source_type WHEN 'feed' THEN 0 WHEN 'inbox' THEN 1 ELSE 2 END, t.source_id LIMIT 1
          ) src ON TRUE
          LEFT JOIN subscriptions s ON s.user_id = ${userId} AND s.target_id = coalesce(src.source_id, e.feed_id, e.inbox_id)
          LEFT JOIN feeds f ON f.id = e.feed_id
          LEFT JOIN lists l ON src.source_type = 'list' AND l.id = src.source_id
          LEFT JOIN inboxes i ON i.id = e.inbox_id
          WHERE e.id IN ${idSet(entryIds)}`),
      );
      return rows.map((row) => {
        const sourceId = row.source_id === null ? null : String(row.source_id);
        const streamId =
          row.source_type === "list" ? `feed/list-${sourceId}` : row.handle ? `feed/inbox-${row.handle}` : row.feed_id !== null ? `feed/${String(row.feed_id)}` : null;
        return {
          id: String(row.id),
          visible: row.visible === true,
          title: row.title,
          url: row.url,
          author: row.author,
          html: row.html,
          publishedAt: new Date(row.published_at),
          updatedAt: new Date(row.updated_at),
          attachments: typeof row.attachments === "string" ? (JSON.parse(row.attachments) as EntryAttachment[]) : row.attachments,
          unread: row.unread === true,
          starred: row.starred === true,
          origin: { streamId, title: row.origin_title, htmlUrl: row.source_type === "list" ? null : row.site_url, category: row.category, subscribed: row.subscribed === true },
        };
      });
    },
  };
}

export type GreaderItemsRepo = ReturnType<typeof createGreaderItemsRepo>;
