import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { appPassword } from "../helpers/app-passwords.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

let t: TestApp;
let web: Api;
let token: string;
let feed: { feedId: string; entryIds: string[] };
let listId: string;

beforeAll(async () => {
  t = await createTestApp();
  const ann = await signUp(t, { email: "lists@example.com" });
  web = apiAs(t, ann.cookie);
  token = (await appPassword(web, "app")).password;
  feed = await seedFeed(t, { userId: ann.userId, count: 4, title: "Alpha" });
  const other = await seedFeed(t, { count: 2, title: "Not followed" });
  // A list holding one of Alpha's entries and one of a feed ann does not follow.
  listId = t.deps.ids.next();
  await t.deps.db.execute(sql`INSERT INTO lists (id, owner_user_id, title) VALUES (${listId}, ${ann.userId}, 'Picks')`);
  for (const [entryId, feedId] of [[feed.entryIds[0]!, feed.feedId], [other.entryIds[0]!, other.feedId]] as const) {
    await t.deps.db.execute(sql`INSERT INTO list_feeds (list_id, feed_id) VALUES (${listId}, ${feedId}) ON CONFLICT DO NOTHING`);
    await t.deps.db.execute(sql`INSERT INTO list_entries (list_id, entry_id, feed_id) VALUES (${listId}, ${entryId}, ${feedId})`);
  }
  expect((await web.post("/subscriptions", { listId, view: 0, title: "Picks" })).status).toBe(200);
}, 60_000);
afterAll(async () => t.close());

const get = async <T>(path: string) => (await (await t.request(`/v1${path}`, { headers: { "x-auth-token": token } })).json()) as T;

/** A list is a feed to a Miniflux app; an entry that came through a feed and a list is the feed's, once. */
describe("Miniflux API, lists", () => {
  it("shows a list as a feed, and an entry that came twice once, the feed's; counts agree", async () => {
    const feeds = await get<{ id: number; title: string; feed_url: string }[]>("/feeds");
    expect(feeds.map((one) => one.title)).toEqual(["Alpha", "Picks"]);
    const [alpha, picks] = feeds;
    expect(picks!.feed_url).toMatch(new RegExp(`/share/lists/${listId}$`));
    const all = await get<{ total: number; entries: { feed_id: number }[] }>("/entries?status=unread&limit=100");
    expect(all.total).toBe(5);
    expect(all.entries).toHaveLength(5);
    expect(all.entries.filter((entry) => entry.feed_id === picks!.id)).toHaveLength(1);
    expect((await get<{ total: number }>(`/feeds/${picks!.id}/entries?status=unread`)).total).toBe(1);
    expect((await get<{ total: number }>(`/feeds/${alpha!.id}/entries`)).total).toBe(4);
    const counters = await get<{ unreads: Record<string, number> }>("/feeds/counters");
    expect(counters.unreads).toEqual({ [alpha!.id]: 4, [picks!.id]: 1 });
    // Read one through the app: the counts move, and the total agrees with a recount.
    const entry = (await get<{ entries: { id: number }[] }>(`/feeds/${picks!.id}/entries`)).entries[0]!;
    const put = await t.request("/v1/entries", { method: "PUT", headers: { "x-auth-token": token, "content-type": "application/json" }, body: JSON.stringify({ entry_ids: [entry.id], status: "read" }) });
    expect(put.status).toBe(204);
    expect((await get<{ total: number }>("/entries?status=unread")).total).toBe(4);
    expect((await get<{ total: number }>("/entries?status=read")).total).toBe(1);
  });
});
