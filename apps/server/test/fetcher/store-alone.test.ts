import { eq, type SQL } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client.ts";
import { blockedEntries, entries, timeline } from "../../src/db/schema/index.ts";
import type { ReadEntry } from "../../src/fetcher/read-feed.ts";
import { storeEntries, type StoreDeps } from "../../src/fetcher/store-entries.ts";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { insertUser, subscribeToFeed } from "../helpers/users.ts";

let t: TestApp;
let userId: string;
let feedId: string;
let transactions: number;
let deps: StoreDeps;

beforeEach(async () => {
  t = await createTestApp();
  userId = await insertUser(t.deps.db, t.deps.ids);
  feedId = await subscribeToFeed(t.deps.db, t.deps.ids, userId, "https://example.com/feed.xml");
  transactions = 0;
  // The database as the store sees it, counting the transactions it opens.
  const db = new Proxy(t.deps.db, {
    get(target, key) {
      if (key === "transaction") return (...args: Parameters<Database["transaction"]>) => (transactions++, target.transaction(...args));
      return Reflect.get(target, key, target) as unknown;
    },
  });
  deps = { db, ids: t.deps.ids, timeline: t.deps.timeline, actions: t.deps.ingest, involved: new Set() };
});
afterEach(async () => t.close());

const reader = { id: "", email: "", name: "", role: "user" as const, isAdmin: false };
const entry = (guid: string): ReadEntry => ({
  guid,
  title: guid,
  url: `https://example.com/${guid}`,
  content: new TextEncoder().encode(`<p>${guid}</p>`),
  description: null,
  author: null,
  authorUrl: null,
  authorAvatar: null,
  language: null,
  media: null,
  categories: null,
  attachments: null,
  extra: null,
  contentHash: guid,
  publishedAt: new Date(),
  digest: null,
});
const delivered = async () => (await t.deps.db.select().from(timeline).where(eq(timeline.userId, userId))).map((row) => row.entryId);
const guidsOf = async (ids: string[]) => (await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId))).filter((row) => ids.includes(row.id)).map((row) => row.guid).sort();

describe("storing a refresh", () => {
  it("sends the store statement alone when no list, rule or device waits for the entries", async () => {
    // With the feed's new state, written by the same statement.
    const state = (when: SQL) => t.deps.feedsRepo.updateAndRecountStatement(feedId, { title: "Stored", itemDigests: [["d", 1]] }, when);
    expect(await storeEntries(deps, feedId, [entry("a"), entry("b")], new Date(), state)).toMatchObject({ inserted: 2, updated: 0, unchanged: 0, followUp: null });
    expect(transactions).toBe(0);
    expect(await t.deps.feedsRepo.findById(feedId)).toMatchObject({ title: "Stored", itemDigests: [["d", 1]], subscriptionCount: 1 });
    expect(await guidsOf(await delivered())).toEqual(["a", "b"]);
    // Unchanged entries again, and one rewritten: still no transaction.
    expect(await storeEntries(deps, feedId, [entry("a"), { ...entry("b"), contentHash: "b2" }], new Date())).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    expect(transactions).toBe(0);
    expect(deps.involved!.size).toBe(0);
  });

  it("stores in a transaction, writing once, while a reader's rules wait for the feed's entries; alone again once they do not", async () => {
    await t.deps.actions.save({ ...reader, id: userId }, [{ name: "Ads", condition: [[{ field: "entry_title", operator: "contains", value: "sponsored" }]], result: { block: true } }]);
    // The statement alone finds the rules and writes nothing; the transaction stores and runs them.
    const stored = await storeEntries(deps, feedId, [entry("news"), entry("sponsored")], new Date());
    expect(stored).toMatchObject({ inserted: 2, updated: 0, unchanged: 0 });
    stored.followUp?.();
    expect(transactions).toBe(1);
    // A block takes the entry out of the reader's timeline.
    expect(await guidsOf(await delivered())).toEqual(["news"]);
    const blocked = await t.deps.db.select().from(blockedEntries).where(eq(blockedEntries.userId, userId));
    expect(await guidsOf(blocked.map((row) => row.entryId))).toEqual(["sponsored"]);
    expect([...deps.involved!]).toEqual([feedId]);

    // Rules gone: the next store still starts in a transaction (the feed was involved), and finds
    // nothing waits any longer; the one after goes alone.
    await t.deps.actions.save({ ...reader, id: userId }, []);
    expect(await storeEntries(deps, feedId, [entry("later")], new Date())).toMatchObject({ inserted: 1 });
    expect(transactions).toBe(2);
    expect(deps.involved!.size).toBe(0);
    expect(await storeEntries(deps, feedId, [entry("latest")], new Date())).toMatchObject({ inserted: 1 });
    expect(transactions).toBe(2);
    expect(await guidsOf(await delivered())).toEqual(["later", "latest", "news"]);
  });
});
