import type { InboxSummary, TimelineItem } from "@tidings/contracts";
import { sql } from "drizzle-orm";
import { crc32 } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";
import { appPassword, byId, feverClient, itemIdsOf, feverKey, idList, recount, storedCounts, syncIds, type FeverCall } from "./fever-client.ts";

interface Item {
  id: number;
  feed_id: number;
  title: string;
  author: string;
  html: string;
  url: string;
  is_saved: number;
  is_read: number;
  created_on_time: number;
}

const groupId = (name: string) => crc32(Buffer.from(name, "utf8")) & 0x7fffffff;
const unix = (iso: string) => Date.parse(iso) / 1000;
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let t: TestApp;
let ann: Api;
let annId: string;
let fever: FeverCall;
let key: string;
let a: { feedId: string; entryIds: string[] };
let b: { feedId: string; entryIds: string[] };
let c: { feedId: string; entryIds: string[] };
let elsewhere: { feedId: string; entryIds: string[] };
let listId: string;
let inboxId: string;
let mail: string;
/** An entry's Fever item id (its sync id). */
let itemId: (entryId: string) => string;
/** Entries' item ids, in item-id order. */
const itemsById = (entryIds: string[]) => byId(entryIds.map(itemId));

beforeEach(async () => {
  t = await createTestApp();
  const signed = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, signed.cookie);
  annId = signed.userId;
  a = await seedFeed(t, { userId: annId, count: 3, category: "News", title: "Alpha", newest: new Date("2026-11-01T12:00:00Z") });
  b = await seedFeed(t, { userId: annId, count: 2, category: "Tech", title: "Beta", newest: new Date("2026-11-02T12:00:00Z") });
  c = await seedFeed(t, { userId: annId, count: 55, title: "Gamma", newest: new Date("2026-11-03T12:00:00Z") });
  elsewhere = await seedFeed(t, { count: 1, title: "Elsewhere" });
  // A list of Alpha holding its newest entry: that entry reaches ann twice, through the feed and the list.
  listId = t.deps.ids.next();
  await t.deps.db.execute(sql`INSERT INTO lists (id, owner_user_id, title) VALUES (${listId}, ${annId}, 'Alpha picks')`);
  await t.deps.db.execute(sql`INSERT INTO list_feeds (list_id, feed_id) VALUES (${listId}, ${a.feedId})`);
  await t.deps.db.execute(sql`INSERT INTO list_entries (list_id, entry_id, feed_id) VALUES (${listId}, ${a.entryIds[0]}, ${a.feedId})`);
  expect((await ann.post("/subscriptions", { listId, view: 0, category: "News", title: "Picks" })).status).toBe(200);
  const inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "box" })).body.data!;
  mail = (await sendToInbox(t, { handle: "box", secret: inbox.secret }, { guid: "m0", title: "Mail", content: "<p>Hi</p>", publishedAt: Date.UTC(2026, 10, 4) })).body.data!.id;
  inboxId = String(rowsOf<{ id: string | number }>(await t.deps.db.execute(sql`SELECT id FROM inboxes WHERE handle = 'box'`))[0]!.id);
  await t.deps.db.execute(sql`UPDATE feeds SET checked_at = '2026-11-05T10:00:00Z' WHERE id = ${a.feedId}`);
  await t.deps.db.execute(sql`UPDATE feeds SET checked_at = '2026-11-05T09:00:00Z', image = ${`data:image/png;base64,${PNG}`} WHERE id = ${b.feedId}`);
  // Starred before the app's first sync: one of Gamma's, and one of a feed ann does not follow.
  expect((await ann.post("/collections", { entryId: c.entryIds[5] })).status).toBe(200);
  expect((await ann.post("/collections", { entryId: elsewhere.entryIds[0] })).status).toBe(200);
  itemId = await itemIdsOf(t);
  key = feverKey("ann@example.com", (await appPassword(ann)).password);
  fever = feverClient(t, key);
});
afterEach(async () => t.close());

/** Every call answers `api_version: 3`, `auth: 1` and the newest check time of ann's feeds. */
const common = { api_version: 3, auth: 1, last_refreshed_on_time: unix("2026-11-05T10:00:00Z") };

async function countsAgree() {
  expect(await storedCounts(t, annId)).toEqual(await recount(t, annId));
}

describe("Fever sync", () => {
  it("answers a reader app's first sync: auth, groups, feeds, favicons, unread and saved ids, every item page", async () => {
    const sync = await syncIds(t, annId);
    const [fa, fb, fc, fl, fi] = [a.feedId, b.feedId, c.feedId, listId, inboxId].map((id) => sync[id]!);

    expect(await fever()).toEqual({ status: 200, body: common });

    const newsAndTech = [
      { group_id: groupId("News"), feed_ids: `${fa},${fl}` },
      { group_id: groupId("Tech"), feed_ids: `${fb}` },
    ];
    const groups = await fever("groups");
    expect(groups.body).toMatchObject(common);
    expect(groups.body.groups).toEqual([
      { id: groupId("News"), title: "News" },
      { id: groupId("Tech"), title: "Tech" },
    ]);
    expect(groups.body.feeds_groups).toEqual(newsAndTech);
    expect(groups.body).not.toHaveProperty("feeds");

    const feeds = await fever("feeds");
    expect(feeds.body.feeds).toEqual([
      { id: fa, favicon_id: 0, title: "Alpha", url: `https://seed.example/${a.feedId}.xml`, site_url: "https://seed.example/", is_spark: 0, last_updated_on_time: unix("2026-11-05T10:00:00Z") },
      { id: fb, favicon_id: fb, title: "Beta", url: `https://seed.example/${b.feedId}.xml`, site_url: "https://seed.example/", is_spark: 0, last_updated_on_time: unix("2026-11-05T09:00:00Z") },
      { id: fc, favicon_id: 0, title: "Gamma", url: `https://seed.example/${c.feedId}.xml`, site_url: "https://seed.example/", is_spark: 0, last_updated_on_time: 0 },
      { id: fl, favicon_id: 0, title: "Picks", url: expect.stringMatching(new RegExp(`^https?://[^/]+/share/lists/${listId}$`)), site_url: expect.stringContaining(`/share/lists/${listId}`), is_spark: 0, last_updated_on_time: expect.any(Number) },
      { id: fi, favicon_id: 0, title: "box", url: expect.stringMatching(/^mailto:box@/), site_url: "", is_spark: 0, last_updated_on_time: expect.any(Number) },
    ]);
    expect(feeds.body.feeds_groups).toEqual(newsAndTech);
    expect(feeds.body).not.toHaveProperty("groups");

    // Only icons the server holds inline (no fetch per request): Beta's.
    expect((await fever("favicons")).body).toEqual({ ...common, favicons: [{ id: fb, data: `image/png;base64,${PNG}` }] });

    const followed = [...a.entryIds, ...b.entryIds, ...c.entryIds, mail];
    const unread = (await fever("unread_item_ids")).body;
    expect(typeof unread.unread_item_ids).toBe("string");
    expect(idList(unread.unread_item_ids)).toEqual(itemsById(followed));
    expect(idList((await fever("saved_item_ids")).body.saved_item_ids)).toEqual(itemsById([c.entryIds[5]!, elsewhere.entryIds[0]!]));

    // since_id pages, oldest first, until an empty page; each entry once though Alpha's newest came twice.
    const everything = itemsById([...followed, elsewhere.entryIds[0]!]);
    const up: Item[] = [];
    const upSizes: number[] = [];
    for (let since = "0"; ; ) {
      const page = await fever(`items&since_id=${since}`);
      expect(page.body).toMatchObject({ ...common, total_items: everything.length });
      const items = page.body.items as Item[];
      if (items.length === 0) break;
      upSizes.push(items.length);
      up.push(...items);
      since = String(items.at(-1)!.id);
    }
    expect(upSizes).toEqual([50, everything.length - 50]);
    expect(up.map((item) => String(item.id))).toEqual(everything);
    const item = (id: string) => up.find((one) => String(one.id) === itemId(id));
    expect(item(a.entryIds[0]!)).toEqual({
      id: Number(itemId(a.entryIds[0]!)),
      feed_id: fa,
      title: "Entry 0",
      author: "",
      html: "<p>Content 0</p>",
      url: `https://seed.example/${a.feedId}/0`,
      is_saved: 0,
      is_read: 0,
      created_on_time: unix("2026-11-01T12:00:00Z"),
    });
    expect(item(c.entryIds[5]!)).toMatchObject({ feed_id: fc, is_saved: 1, is_read: 0, created_on_time: unix("2026-11-03T11:55:00Z") });
    expect(item(mail)).toMatchObject({ feed_id: fi, title: "Mail", is_read: 0 });
    // Starred from a feed ann does not follow: in no subscription, and not unread.
    expect(item(elsewhere.entryIds[0]!)).toMatchObject({ feed_id: 0, is_saved: 1, is_read: 1 });

    // max_id pages, newest first (0: from the newest), the same items.
    const down: string[] = [];
    for (let max = "0"; ; ) {
      const items = (await fever(`items&max_id=${max}`)).body.items as Item[];
      if (items.length === 0) break;
      down.push(...items.map((one) => String(one.id)));
      max = String(items.at(-1)!.id);
    }
    expect(down).toEqual([...everything].reverse());

    // Without a cursor: the first 50 by id; with_ids: just those (unknown ones are left out).
    expect(((await fever("items")).body.items as Item[]).map((one) => String(one.id))).toEqual(everything.slice(0, 50));
    const some = [mail, a.entryIds[1]!];
    expect(((await fever(`items&with_ids=${some.map(itemId).join(",")},999999999`)).body.items as Item[]).map((one) => String(one.id))).toEqual(itemsById(some));
  });

  it("marks items read, saved, unsaved and unread, a feed and groups read, as the product shows them", async () => {
    const sync = await syncIds(t, annId);
    const reads = async () => (await ann.get<Record<string, number>>("/reads")).body.data!;
    const entry = async (id: string) => (await ann.get<TimelineItem>(`/entries?id=${id}`)).body.data!;
    const starred = async (id: string) => (await ann.get<boolean>(`/collections?entryId=${id}`)).body.data;
    const unreadNow = async () => idList((await fever("unread_item_ids")).body.unread_item_ids);
    const followed = [...a.entryIds, ...b.entryIds, ...c.entryIds, mail];

    let answer = await fever("", { mark: "item", as: "read", id: itemId(a.entryIds[1]!) });
    expect(answer).toMatchObject({ status: 200, body: common });
    expect(idList(answer.body.unread_item_ids)).toEqual(itemsById(followed.filter((id) => id !== a.entryIds[1])));
    expect(answer.body).not.toHaveProperty("saved_item_ids");
    expect((await entry(a.entryIds[1]!)).read).toBe(true);
    expect(await reads()).toMatchObject({ [a.feedId]: 2, [listId]: 1, [b.feedId]: 2, [c.feedId]: 55 });
    await countsAgree();

    answer = await fever("", { mark: "item", as: "saved", id: itemId(a.entryIds[2]!) });
    expect(idList(answer.body.saved_item_ids)).toEqual(itemsById([a.entryIds[2]!, c.entryIds[5]!, elsewhere.entryIds[0]!]));
    expect(answer.body).not.toHaveProperty("unread_item_ids");
    expect(await starred(a.entryIds[2]!)).toBe(true);
    // Saving again changes nothing; so does unsaving what is not saved.
    expect((await fever("", { mark: "item", as: "saved", id: itemId(a.entryIds[2]!) })).body.saved_item_ids).toBe(answer.body.saved_item_ids);

    answer = await fever("", { mark: "item", as: "unsaved", id: itemId(a.entryIds[2]!) });
    expect(idList(answer.body.saved_item_ids)).toEqual(itemsById([c.entryIds[5]!, elsewhere.entryIds[0]!]));
    expect(await starred(a.entryIds[2]!)).toBe(false);
    expect((await fever("", { mark: "item", as: "unsaved", id: itemId(a.entryIds[2]!) })).status).toBe(200);
    // A starred entry of an unfollowed feed is an item too: it can be unsaved.
    await fever("", { mark: "item", as: "unsaved", id: itemId(elsewhere.entryIds[0]!) });
    expect(await starred(elsewhere.entryIds[0]!)).toBe(false);

    answer = await fever("", { mark: "item", as: "unread", id: itemId(a.entryIds[1]!) });
    expect(idList(answer.body.unread_item_ids)).toEqual(itemsById(followed));
    expect((await entry(a.entryIds[1]!)).read).toBe(false);
    expect(await reads()).toMatchObject({ [a.feedId]: 3 });
    await countsAgree();

    // Alpha read before 12:00:00: its two older entries; the newest, published at 12:00:00, stays.
    answer = await fever("", { mark: "feed", as: "read", id: String(sync[a.feedId]), before: String(unix("2026-11-01T12:00:00Z")) });
    expect(idList(answer.body.unread_item_ids)).toEqual(itemsById(followed.filter((id) => id !== a.entryIds[1] && id !== a.entryIds[2])));
    expect(await reads()).toMatchObject({ [a.feedId]: 1, [listId]: 1 });
    await countsAgree();

    // The group News (Alpha and the list): the newest Alpha entry goes, through both.
    const now = String(Math.floor(Date.now() / 1000));
    answer = await fever("", { mark: "group", as: "read", id: String(groupId("News")), before: now });
    expect(idList(answer.body.unread_item_ids)).not.toContain(itemId(a.entryIds[0]!));
    expect(await reads()).not.toHaveProperty(a.feedId);
    expect(await reads()).not.toHaveProperty(listId);
    expect((await entry(a.entryIds[0]!)).read).toBe(true);
    await countsAgree();

    // Sparks (-1) are no subscription: nothing changes.
    const before = await unreadNow();
    answer = await fever("", { mark: "group", as: "read", id: "-1", before: now });
    expect(answer.status).toBe(200);
    expect(idList(answer.body.unread_item_ids)).toEqual(before);

    // Kindling (0) up to Gamma's 11th entry (11:50 on Nov 3): Beta and Gamma's older entries; the
    // 11 newest Gamma entries and the mail (Nov 4) stay.
    answer = await fever("", { mark: "group", as: "read", id: "0", before: String(unix("2026-11-03T11:50:00Z")) });
    expect(idList(answer.body.unread_item_ids)).toEqual(itemsById([...c.entryIds.slice(0, 11), mail]));
    expect(await reads()).toEqual({ [c.feedId]: 11, box: 1 });
    await countsAgree();

    // Without `before`: everything up to now.
    answer = await fever("", { mark: "group", as: "read", id: "0" });
    expect(answer.body.unread_item_ids).toBe("");
    expect(await reads()).toEqual({});
    await countsAgree();
  });

  it("answers the same at /api/fever, /api/fever/ and /api/fever.php, by GET or POST, with several sections at once", async () => {
    const all = "groups&feeds&favicons&links&unread_item_ids&saved_item_ids&items";
    const reference = await fever(all);
    expect(Object.keys(reference.body).sort()).toEqual(
      ["api_version", "auth", "last_refreshed_on_time", "groups", "feeds", "feeds_groups", "favicons", "links", "unread_item_ids", "saved_item_ids", "items", "total_items"].sort(),
    );
    expect(reference.body.links).toEqual([]);
    for (const path of ["/api/fever", "/api/fever/"]) expect(await feverClient(t, key, path)(all)).toEqual(reference);
    // The key in the query, by GET (some clients do).
    const got = await t.request(`/api/fever?api&api_key=${key}&${all}`);
    expect({ status: got.status, body: await got.json() }).toEqual(reference);
    // A multipart form, and an upper-case key.
    const form = new FormData();
    form.set("api_key", key.toUpperCase());
    const multipart = await t.request(`/api/fever.php?api&${all}`, { method: "POST", body: form });
    expect({ status: multipart.status, body: await multipart.json() }).toEqual(reference);
  });
});
