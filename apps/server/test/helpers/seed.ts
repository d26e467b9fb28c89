import type { TestApp } from "./app.ts";
import { feeds, subscriptions } from "../../src/db/schema/index.ts";
import { entriesStoreRepo } from "../../src/features/entries/entries-store.repo.ts";

/**
 * Creates a feed with `count` entries, one every minute back from `newest`, subscribes `userId`
 * (when given) and delivers the entries through the real delivery path. Answers the feed id and
 * the entry ids, newest first.
 */
export async function seedFeed(
  t: TestApp,
  options: { userId?: string; count: number; view?: number; isPrivate?: boolean; newest?: Date; title?: string; category?: string },
): Promise<{ feedId: string; entryIds: string[] }> {
  const { db, ids } = t.deps;
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url: `https://seed.example/${feedId}.xml`, title: options.title ?? `Feed ${feedId.slice(-4)}`, siteUrl: "https://seed.example/" });
  if (options.userId) {
    await db.insert(subscriptions).values({
      id: ids.next(),
      userId: options.userId,
      type: "feed",
      feedId,
      view: options.view ?? 0,
      isPrivate: options.isPrivate ?? false,
      category: options.category ?? null,
    });
  }
  const newest = (options.newest ?? new Date("2026-11-01T12:00:00Z")).getTime();
  const now = new Date();
  const rows = Array.from({ length: options.count }, (_, i) => ({
    id: ids.next(),
    feedId,
    guid: `g${i}`,
    title: `Entry ${i}`,
    url: `https://seed.example/${feedId}/${i}`,
    description: `Description ${i}`,
    content: `<p>Content ${i}</p>`,
    contentHash: `h${i}`,
    publishedAt: new Date(newest - i * 60_000),
    insertedAt: now,
    updatedAt: now,
  }));
  const entryIds = await db.transaction(async (tx) => {
    const inserted = await entriesStoreRepo.insertMany(tx, rows);
    await t.deps.timeline.deliverFeedEntries(tx, feedId, inserted, now);
    return inserted;
  });
  const byId = new Map(rows.map((row) => [row.id, row.publishedAt.getTime()]));
  return { feedId, entryIds: entryIds.sort((a, b) => byId.get(b)! - byId.get(a)!) };
}
