import "fake-indexeddb/auto";
import type { TimelineItem } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../test/helpers/entries.ts";
import { setDatabaseForTests, TidingsDatabase } from "../db/database.ts";
import { persistItems } from "../db/entries.repo.ts";
import { entriesActions, useEntries } from "../store/entries.store.ts";
import { listedSpan, type TimelineSelector, timelineQuery } from "./timeline.ts";

const apiPage = vi.hoisted(() => vi.fn());
vi.mock("../lib/api-client.ts", () => ({ apiPage }));

const FEED = "1700000000000000001";
const OTHER = "1700000000000000002";
const at = (hour: number) => `2026-11-20T${String(hour).padStart(2, "0")}:00:00.000Z`;
const item = (hour: number, feedId = FEED, read: boolean | null = false) => timelineItem({ feedId, read, entry: { publishedAt: at(hour) } });

let db: TidingsDatabase;
beforeEach(() => {
  db = new TidingsDatabase(`timeline-${Math.random()}`);
  setDatabaseForTests(db);
  entriesActions.clear();
});
afterEach(() => {
  db.close();
  apiPage.mockReset();
});

/** Runs one page of a timeline's query against a server answering `items` and `nextCursor`. */
async function fetchPage(selector: TimelineSelector, cursor: string | null, items: TimelineItem[], nextCursor: string | null) {
  apiPage.mockResolvedValueOnce({ data: items, nextCursor });
  const { queryFn } = timelineQuery(selector);
  await (queryFn as (context: { pageParam: string | null; signal: AbortSignal }) => Promise<unknown>)({ pageParam: cursor, signal: new AbortController().signal });
}

/** Entries held in the store and in the local database. */
async function held() {
  return { store: Object.keys(useEntries.getState().byId).sort(), local: (await db.entries.toCollection().primaryKeys()).sort() };
}

/** Waits until the store and the local database hold exactly `items` (a page's writes are not awaited). */
const holding = (items: TimelineItem[]) => {
  const ids = items.map((i) => i.entries.id).sort();
  return vi.waitFor(async () => expect(await held()).toEqual({ store: ids, local: ids }));
};

/** Entries the device holds already: in the store (hydrated) and in the local database. */
async function keep(items: TimelineItem[]) {
  entriesActions.upsertItems(items);
  await persistItems(items);
}

describe("listedSpan", () => {
  it("vouches for the times strictly inside a page, open above the first page and below the last", () => {
    const page = [item(20), item(18), item(16)];
    const middle = listedSpan(page, { first: false, last: false })!;
    expect([21, 20, 19, 16, 15].map((h) => middle(at(h)))).toEqual([false, false, true, false, false]);
    const first = listedSpan(page, { first: true, last: false })!;
    expect([23, 20, 16, 15].map((h) => first(at(h)))).toEqual([true, true, false, false]);
    const only = listedSpan(page, { first: true, last: true })!;
    expect([23, 10].map((h) => only(at(h)))).toEqual([true, true]);
    expect(listedSpan([], { first: false, last: true })).toBeNull();
    expect(listedSpan([], { first: true, last: true })!(at(1))).toBe(true);
  });
});

describe("a feed's timeline page", () => {
  const feedPage: TimelineSelector = { view: 0, feedIds: [FEED], unreadOnly: false };

  it("forgets the feed's entries kept on the device that the server no longer lists (blocked since), and nothing else", async () => {
    const [blocked, kept, older, elsewhere] = [item(22), item(21), item(20), item(21, OTHER)];
    await keep([blocked!, kept!, older!, elsewhere!]);
    await fetchPage(feedPage, null, [kept!, older!], null);
    await holding([kept!, older!, elsewhere!]);
  });

  it("forgets only within the span a page covers when more pages follow", async () => {
    const items = [item(23), item(22), item(21), item(20), item(19), item(18)];
    await keep(items);
    // A middle page lists 23 (its first) and 21 (its last): only 22 lay strictly between, unlisted.
    await fetchPage(feedPage, "cursor", [items[0]!, items[2]!], "next");
    await holding(items.filter((_, i) => i !== 1));
  });

  it("unread only, forgets what the device kept as unread and the page lacks (blocked, or read elsewhere), not what it kept as read", async () => {
    const [blocked, read, unread] = [item(22), item(21, FEED, true), item(20)];
    await keep([blocked!, read!, unread!]);
    await fetchPage({ ...feedPage, unreadOnly: true }, null, [unread!], null);
    await holding([read!, unread!]);
  });

  it("forgets nothing after a folder's page or the stars", async () => {
    const items = [item(22), item(21, OTHER)];
    await keep(items);
    await fetchPage({ view: 0, feedIds: [FEED, OTHER], unreadOnly: false }, null, [], null);
    await fetchPage({ view: 0, starred: true, unreadOnly: false }, null, [], null);
    // The pages' writes are not awaited: they are given time to happen, and must have deleted nothing.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await holding(items);
  });
});
