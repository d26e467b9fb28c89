// Property test of paging: whatever the timestamps (many shared), page sizes and entries arriving
// between pages, following a timeline's cursor reaches every entry exactly once — with this
// server's opaque cursor and with the reference client's (the last item's date alone).

import type { InboxSummary, ListSummary, TimelineItem } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { feeds, subscriptions } from "../../src/db/schema/index.ts";
import { entriesStoreRepo } from "../../src/features/entries/entries-store.repo.ts";
import { apiAs, type Api, type ApiResult } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";

/** A small deterministic generator (mulberry32), so a failure replays from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

type Rng = ReturnType<typeof random>;
const BASE = Date.parse("2026-11-01T12:00:00Z");

let t: TestApp;
let ann: Api;
let annId: string;

beforeEach(async () => {
  t = await createTestApp();
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annId = a.userId;
});
afterEach(async () => t.close());

/** Stores `count` entries in a feed, their times drawn from a few minutes (so many are equal), delivered as a refresh does. */
async function addEntries(feedId: string, count: number, rng: Rng): Promise<string[]> {
  const { db, ids } = t.deps;
  const now = new Date();
  const rows = Array.from({ length: count }, () => {
    const id = ids.next();
    return { id, feedId, guid: `g${id}`, title: `E${id}`, url: null, description: null, content: null, contentHash: "h", publishedAt: new Date(BASE - rng.int(0, 6) * 60_000), insertedAt: now, updatedAt: now };
  });
  return db.transaction(async (tx) => {
    const inserted = await entriesStoreRepo.insertMany(tx, rows);
    await t.deps.timeline.deliverFeedEntries(tx, feedId, inserted, now);
    return inserted;
  });
}

async function createFeed(follow: boolean): Promise<string> {
  const { db, ids } = t.deps;
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url: `https://paging.example/${feedId}.xml`, title: `Feed ${feedId}` });
  if (follow) await db.insert(subscriptions).values({ id: ids.next(), userId: annId, type: "feed", feedId, view: 0 });
  return feedId;
}

type Mode = "cursor" | "date";

/**
 * Pages through `body` until the server says it is done, with a random page size each time and
 * `between()` run between pages; answers the ids in the order received.
 */
async function pageThrough(path: string, body: Record<string, unknown>, mode: Mode, rng: Rng, dateOf: (item: TimelineItem) => string, between: () => Promise<void>) {
  const seen: string[] = [];
  let position: Record<string, unknown> = {};
  for (let guard = 0; guard < 500; guard++) {
    const limit = rng.int(1, 12);
    const page = await ann.post<TimelineItem[]>(path, { ...body, limit, ...position });
    expect(page.status).toBe(200);
    const items = page.body.data!;
    seen.push(...items.map((item) => item.entries.id));
    const next = page.body.nextCursor as string | null;
    if (mode === "cursor") {
      if (next === null) return seen;
      expect(items.length).toBeGreaterThanOrEqual(limit);
      position = { cursor: next };
    } else {
      // The reference client: stops at a short page, else asks for what is older than the last date.
      if (items.length < limit) return seen;
      position = { publishedAfter: dateOf(items.at(-1)!) };
    }
    await between();
  }
  throw new Error("paging did not end");
}

/** Checks one run: every entry there at the start, once; nothing that is not there at the end. */
function expectComplete(seen: string[], before: Set<string>, after: Set<string>) {
  expect(new Set(seen).size).toBe(seen.length);
  const missing = [...before].filter((id) => !seen.includes(id));
  expect(missing).toEqual([]);
  for (const id of seen) expect(after.has(id)).toBe(true);
}

describe("paging loses nothing", () => {
  for (const mode of ["cursor", "date"] as const) {
    it(`feeds, folders, the view, unread-only and the stars (${mode} cursor)`, async () => {
      for (const seed of [1, 2, 3]) {
        // A reader of their own per run: timelines and stars start empty.
        const reader = await signUp(t, { email: `reader${seed}@example.com` });
        ann = apiAs(t, reader.cookie);
        annId = reader.userId;
        const rng = random(seed * 7919 + (mode === "date" ? 1 : 0));
        const followed = [await createFeed(true), await createFeed(true)];
        const stranger = await createFeed(false);
        const all = new Set<string>();
        for (const feedId of [...followed, stranger]) for (const id of await addEntries(feedId, rng.int(20, 45), rng)) all.add(id);
        const starred = [...all].filter(() => rng.next() < 0.3);
        for (const id of starred) await ann.post("/collections", { entryId: id });
        const inserted: string[] = [];
        const between = async () => {
          if (rng.next() < 0.5) inserted.push(...(await addEntries(followed[rng.int(0, 1)]!, rng.int(1, 4), rng)));
        };
        const entriesOf = async (feedIds: string[]) => {
          const rows = await t.deps.db.query.entries.findMany({ columns: { id: true, feedId: true } });
          return new Set(rows.filter((row) => row.feedId !== null && feedIds.includes(row.feedId)).map((row) => row.id));
        };
        const published = (item: TimelineItem) => item.entries.publishedAt;
        const scopes: [string, Record<string, unknown>, string[]][] = [
          ["view", { view: 0 }, followed],
          ["feed", { feedId: followed[0] }, [followed[0]!]],
          ["feed not followed", { feedId: stranger }, [stranger]],
          ["folder", { feedIdList: followed }, followed],
          ["unread", { view: 0, read: false }, followed],
        ];
        for (const [, body, feedIds] of scopes) {
          const before = await entriesOf(feedIds);
          const seen = await pageThrough("/entries", body, mode, rng, published, between);
          expectComplete(seen, before, await entriesOf(feedIds));
        }
        const stars = await pageThrough("/entries", { isCollection: true }, mode, rng, (item) => item.collections!.createdAt, async () => {
          if (rng.next() < 0.3) await ann.post("/collections", { entryId: [...all][rng.int(0, all.size - 1)] });
        });
        expectComplete(stars, new Set(starred), all);
      }
    });

    it(`a list, followed or not, by when entries entered it (${mode} cursor)`, async () => {
      const rng = random(mode === "date" ? 11 : 12);
      const listId = (await ann.post<ListSummary>("/lists", { title: "Picks", view: 0, fee: 0 })).body.data!.id;
      const feedIds = [await createFeed(false), await createFeed(false)];
      for (const feedId of feedIds) await addEntries(feedId, rng.int(10, 30), rng);
      await ann.post("/lists/feeds", { listId, feedIds });
      const listed = async () => new Set((await t.deps.db.query.listEntries.findMany({ columns: { entryId: true } })).map((row) => row.entryId));
      const between = async () => {
        if (rng.next() < 0.5) await addEntries(feedIds[rng.int(0, 1)]!, rng.int(1, 5), rng);
      };
      const inserted = (item: TimelineItem) => item.entries.insertedAt;
      for (const follow of [false, true]) {
        if (follow) await ann.post("/subscriptions", { listId, view: 0 });
        const before = await listed();
        expectComplete(await pageThrough("/entries", { listId }, mode, rng, inserted, between), before, await listed());
      }
      const before = await listed();
      expectComplete(await pageThrough("/entries", { listId, read: false }, mode, rng, inserted, async () => {}), before, before);
    });

    it(`an inbox receiving a burst of entries with one date (${mode} cursor)`, async () => {
      const rng = random(mode === "date" ? 21 : 22);
      const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "box" })).body.data!;
      const sent = new Set<string>();
      const send = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const guid = `m${sent.size}-${i}`;
          const result = await sendToInbox(t, { handle: "box", secret: inbox.secret }, { guid, title: guid, content: "<p>x</p>", publishedAt: BASE - rng.int(0, 2) * 1000 });
          sent.add(result.body.data!.id);
        }
      };
      await send(30);
      const before = new Set(sent);
      const seen = await pageThrough("/entries/inbox", { inboxId: "box" }, mode, rng, (item) => item.entries.publishedAt, () => send(rng.int(0, 2)));
      expectComplete(seen, before, sent);
    });
  }

  it("pages search results by cursor to every match once, the archive of a followed feed included", async () => {
    const rng = random(31);
    const feedId = await createFeed(false);
    const { db, ids } = t.deps;
    const now = new Date();
    // Words repeat so that many results share a rank; times repeat too.
    const rows = Array.from({ length: 60 }, (_, i) => {
      const id = ids.next();
      const words = Array.from({ length: rng.int(1, 3) }, () => "harbour").join(" ");
      return { id, feedId, guid: `s${i}`, title: `Tide ${words}`, url: null, description: `${words} boats ${i}`, content: null, contentHash: "h", publishedAt: new Date(BASE - rng.int(0, 3) * 60_000), insertedAt: now, updatedAt: now };
    });
    await db.transaction(async (tx) => {
      const inserted = await entriesStoreRepo.insertMany(tx, rows);
      await t.deps.indexEntries(tx, rows.filter((row) => inserted.includes(row.id)));
    });
    // Followed after the fact, with only 10 delivered: the other 50 are still searchable.
    await db.insert(subscriptions).values({ id: ids.next(), userId: annId, type: "feed", feedId, view: 0 });
    await db.transaction((tx) => t.deps.timeline.backfillFeed(tx, annId, feedId, 0, new Date(), 10));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const limit = rng.int(1, 9);
      const page: ApiResult<{ items: TimelineItem[]; total?: number; nextCursor: string | null }> = await ann.get(`/search?q=harbour&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data!.items.map((item) => item.entries.id));
      cursor = page.body.data!.nextCursor;
      if (!cursor) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(rows.map((row) => row.id)));
    expect(await ann.get("/search?q=harbour&cursor=s1.bm9wZQ")).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("pages who read an entry by cursor and by page, each reader once", async () => {
    const feedId = await createFeed(false);
    const [entryId] = await addEntries(feedId, 1, random(41));
    const readers: string[] = [];
    for (let i = 0; i < 13; i++) {
      const reader = await signUp(t, { email: `r${i}@example.com` });
      const api = apiAs(t, reader.cookie);
      await t.deps.db.insert(subscriptions).values({ id: t.deps.ids.next(), userId: reader.userId, type: "feed", feedId, view: 0 });
      await t.deps.db.transaction((tx) => t.deps.timeline.backfillFeed(tx, reader.userId, feedId, 0, new Date(), 10));
      expect((await api.post("/reads", { entryIds: [entryId] })).status).toBe(200);
      readers.push(reader.userId);
    }
    // Reads in the same instant tie on time: the user id breaks the tie.
    await t.deps.db.execute(sql`UPDATE read_marks SET read_at = ${"2026-11-01T00:00:00Z"}::timestamptz WHERE entry_id = ${entryId}`);
    type Histories = { users: Record<string, unknown>; total: number; nextCursor: string | null };
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResult<Histories> = await ann.get(`/entries/read-histories/${entryId}?size=4${cursor ? `&cursor=${cursor}` : ""}`);
      byCursor.push(...Object.keys(page.body.data!.users));
      cursor = page.body.data!.nextCursor;
    } while (cursor);
    const byPage: string[] = [];
    for (let page = 1; page <= 4; page++) byPage.push(...Object.keys((await ann.get<Histories>(`/entries/read-histories/${entryId}?size=4&page=${page}`)).body.data!.users));
    expect(byCursor.sort()).toEqual([...readers].sort());
    expect(byPage.sort()).toEqual([...readers].sort());
  });

  it("rejects a cursor it did not make with 1002", async () => {
    expect(await ann.post("/entries", { view: 0, cursor: "k1.bm9wZQ" })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await ann.post("/entries", { view: 0, cursor: "whatever" })).toMatchObject({ status: 400, body: { code: 1002 } });
  });

  it("ends with nextCursor null, and a followed feed's timeline holds entries from before it was followed", async () => {
    const rng = random(5);
    const feedId = await createFeed(false);
    const old = await addEntries(feedId, 30, rng);
    // Following it now delivers only the newest to the reader's timeline (the backfill rule)…
    await t.deps.db.insert(subscriptions).values({ id: t.deps.ids.next(), userId: annId, type: "feed", feedId, view: 0 });
    await t.deps.db.transaction((tx) => t.deps.timeline.backfillFeed(tx, annId, feedId, 0, new Date(), 5));
    expect((await ann.post<TimelineItem[]>("/entries", { view: 0, limit: 100 })).body.data).toHaveLength(5);
    // …but the feed's own timeline still has all of them, read apart from those five.
    const page = await ann.post<TimelineItem[]>("/entries", { feedId, limit: 100 });
    expect(page.body.data!.map((item) => item.entries.id).sort()).toEqual([...old].sort());
    expect(page.body.data!.filter((item) => item.read === false)).toHaveLength(5);
    expect(page.body.nextCursor).toBeNull();
  });
});
