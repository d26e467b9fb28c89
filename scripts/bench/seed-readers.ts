import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "@tidings/server";

const WORDS = "feed reader article network server garden science music coffee travel paper market energy climate health design research security privacy browser database release update software model data".split(" ");

/**
 * Seeds many readers sharing feeds, in bulk with SQL: `feeds` feeds of `entriesPerFeed` entries
 * each (with search documents), every reader following `perReader` of them (a different window
 * for each), their timeline rows, one in three unread, and unread counts.
 */
export async function seedReaders(db: Database, options: { userIds: string[]; feeds: number; entriesPerFeed: number; perReader: number; firstId: bigint }) {
  const { feeds, entriesPerFeed, perReader } = options;
  const feedBase = options.firstId;
  const entryBase = feedBase + 10_000_000n;
  const words = sql`${`{${WORDS.join(",")}}`}::text[]`;
  await db.execute(sql`
    INSERT INTO feeds (id, url, title, site_url, subscription_count, checked_at, next_check_at)
    SELECT ${feedBase.toString()}::bigint + g, 'https://load' || g || '.example/feed.xml', 'Load feed ' || g, 'https://load' || g || '.example/', 1, now(), now() + interval '30 days'
    FROM generate_series(1, ${feeds}::int) g`);
  await db.execute(sql`
    INSERT INTO entries (id, feed_id, guid, title, url, description, content, content_hash, published_at, inserted_at, updated_at)
    SELECT ${entryBase.toString()}::bigint + g, ${feedBase.toString()}::bigint + 1 + (g % ${feeds}::int), 'g' || g,
      (${words})[1 + g % 25] || ' ' || (${words})[1 + (g / 7) % 25] || ' ' || g,
      'https://load.example/e/' || g, (${words})[1 + (g / 3) % 25] || ' story ' || g, '<p>' || (${words})[1 + (g / 5) % 25] || ' text ' || g || '</p>', md5(g::text),
      now() - g * interval '1 minute', now(), now()
    FROM generate_series(0, ${feeds * entriesPerFeed - 1}::int) g`);
  await db.execute(sql`
    INSERT INTO entry_search (entry_id, feed_id, document)
    SELECT id, feed_id, setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B') FROM entries WHERE id > ${entryBase.toString()}::bigint`);
  const payload = JSON.stringify(options.userIds.map((id, i) => ({ id, first: (i * 7) % feeds })));
  await db.execute(sql`
    INSERT INTO subscriptions (id, user_id, type, feed_id, view)
    SELECT ${(feedBase + 50_000_000n).toString()}::bigint + row_number() OVER (), u.id, 'feed', ${feedBase.toString()}::bigint + 1 + ((u.first + k) % ${feeds}::int), 0
    FROM jsonb_to_recordset(${payload}::jsonb) AS u(id text, first int), generate_series(0, ${perReader - 1}::int) k`);
  await db.execute(sql`
    INSERT INTO timeline (user_id, entry_id, source_type, source_id, feed_id, view, published_at, inserted_at)
    SELECT s.user_id, e.id, 'feed', e.feed_id, e.feed_id, 0, e.published_at, e.inserted_at
    FROM subscriptions s JOIN entries e ON e.feed_id = s.feed_id WHERE s.feed_id > ${feedBase.toString()}::bigint`);
  await db.execute(sql`
    INSERT INTO unread_entries (user_id, entry_id, source_id, source_type, view, published_at)
    SELECT user_id, entry_id, source_id, source_type, view, published_at FROM timeline WHERE entry_id % 3 = 0`);
  await db.execute(sql`
    INSERT INTO unread_counts (user_id, source_id, count)
    SELECT user_id, source_id, count(*)::int FROM unread_entries GROUP BY user_id, source_id
    ON CONFLICT (user_id, source_id) DO UPDATE SET count = excluded.count`);
  await db.execute(sql`VACUUM ANALYZE`);
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM timeline`));
  return { timelineRows: Number(row?.n ?? 0), words: WORDS };
}
