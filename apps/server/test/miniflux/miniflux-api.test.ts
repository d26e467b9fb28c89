/**
 * Miniflux's REST API v1, replayed as apps written for Miniflux call it (their sources): one that
 * reads ids as 32-bit integers (categories, feeds, a feed's entries newest first with
 * order=published_at&direction=desc&limit=N and offset paging, PUT /v1/entries {entry_ids,
 * status} over HTTP Basic) and one that signs in with X-Auth-Token (me, counters, entries by
 * status, bookmark). Every entry arrives once; marks land on the right entry, both ways.
 */
import type { TimelineItem } from "@tidings/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { appPassword } from "../helpers/app-passwords.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { itemIdsOf } from "../fever/fever-client.ts";

interface Feed {
  id: number;
  user_id: number;
  title: string;
  feed_url: string;
  category: { id: number; title: string };
}
interface Entry {
  id: number;
  feed_id: number;
  status: "read" | "unread";
  title: string;
  url: string;
  content: string;
  starred: boolean;
  published_at: string;
  feed: Feed | null;
}

const int32 = (id: number) => Number.isSafeInteger(id) && id > 0 && (id | 0) === id;

let t: TestApp;
let web: Api;
let email: string;
let password: string;
let passwordId: string;
let news: { feedId: string; entryIds: string[] };
let misc: { feedId: string; entryIds: string[] };
let itemId: (entryId: string) => string;

beforeAll(async () => {
  t = await createTestApp();
  email = "mini@example.com";
  const signed = await signUp(t, { email });
  web = apiAs(t, signed.cookie);
  ({ password, id: passwordId } = await appPassword(web, "Miniflux app"));
  news = await seedFeed(t, { userId: signed.userId, count: 30, category: "News", title: "News feed", newest: new Date("2026-11-02T12:00:00Z") });
  misc = await seedFeed(t, { userId: signed.userId, count: 7, title: "Misc feed", newest: new Date("2026-11-01T12:00:00Z") });
  itemId = await itemIdsOf(t);
}, 60_000);
afterAll(async () => t.close());

type Auth = { token: string } | { basic: [string, string] } | null;
async function call<T>(auth: Auth, method: string, path: string, body?: unknown, base = ""): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (auth && "token" in auth) headers["x-auth-token"] = auth.token;
  if (auth && "basic" in auth) headers.authorization = `Basic ${Buffer.from(auth.basic.join(":")).toString("base64")}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await t.request(`${base}/v1${path}`, { method, headers, ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
const token = (): Auth => ({ token: password });
const basic = (): Auth => ({ basic: [email, password] });
const readOnWeb = async (entryId: string) => (await web.get<TimelineItem>(`/entries?id=${entryId}`)).body.data!.read;

describe("Miniflux API", () => {
  it("signs apps in by X-Auth-Token and HTTP Basic, at /v1 and /api/v1; anything else is 401 with Miniflux's error body", async () => {
    const me = await call<{ id: number; username: string }>(token(), "GET", "/me");
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(email);
    expect(int32(me.body.id)).toBe(true);
    const same = { id: me.body.id, username: email };
    expect((await call(basic(), "GET", "/me")).body).toMatchObject(same);
    expect((await call(token(), "GET", "/me", undefined, "/api")).body).toMatchObject(same);
    for (const auth of [null, { token: "not-a-password" }, { basic: [email, "wrong"] as [string, string] }, { basic: ["other@example.com", password] as [string, string] }]) {
      expect(await call(auth, "GET", "/feeds")).toEqual({ status: 401, body: { error_message: "Access Unauthorized" } });
    }
  });

  it("a 32-bit client: categories, feeds, each feed's entries newest first by offset, marks by PUT /v1/entries over Basic", async () => {
    const categories = await call<{ id: number; title: string }[]>(basic(), "GET", "/categories");
    expect(categories.body.map((category) => category.title)).toEqual(["All", "News"]);
    const feeds = (await call<Feed[]>(basic(), "GET", "/feeds")).body;
    expect(feeds.map((feed) => [feed.title, feed.category.title])).toEqual([
      ["News feed", "News"],
      ["Misc feed", "All"],
    ]);
    const seen: Entry[] = [];
    for (const feed of feeds) {
      for (let offset = 0; ; offset += 10) {
        const page = await call<{ total: number; entries: Entry[] }>(basic(), "GET", `/feeds/${feed.id}/entries?order=published_at&direction=desc&limit=10&offset=${offset}`);
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(feed.title === "News feed" ? 30 : 7);
        if (page.body.entries.length === 0) break;
        const times = page.body.entries.map((entry) => Date.parse(entry.published_at));
        expect(times).toEqual([...times].sort((a, b) => b - a));
        seen.push(...page.body.entries);
      }
    }
    expect(seen).toHaveLength(37);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(37);
    expect(new Set(seen.map((entry) => String(entry.id)))).toEqual(new Set([...news.entryIds, ...misc.entryIds].map(itemId)));
    const ids = [...categories.body.map((c) => c.id), ...feeds.map((f) => f.id), ...seen.map((e) => e.id), ...seen.map((e) => e.feed_id)];
    expect(ids.filter((id) => !int32(id))).toEqual([]);
    const first = seen.find((entry) => entry.title === "Entry 0" && entry.feed_id === feeds[0]!.id)!;
    expect(first).toMatchObject({ status: "unread", starred: false, url: `https://seed.example/${news.feedId}/0`, content: "<p>Content 0</p>", feed: { id: feeds[0]!.id, title: "News feed" } });

    // Marks from the app land on those entries, and on no other.
    const [a, b] = [news.entryIds[3]!, misc.entryIds[2]!];
    expect((await call(basic(), "PUT", "/entries", { entry_ids: [Number(itemId(a)), Number(itemId(b))], status: "read" })).status).toBe(204);
    expect([await readOnWeb(a), await readOnWeb(b), await readOnWeb(news.entryIds[4]!)]).toEqual([true, true, false]);
    expect((await call(basic(), "PUT", "/entries", { entry_ids: [Number(itemId(b))], status: "unread" })).status).toBe(204);
    expect(await readOnWeb(b)).toBe(false);
    expect((await call(basic(), "PUT", `/entries/${itemId(a)}/bookmark`)).status).toBe(204);
    expect((await web.get<boolean>(`/collections?entryId=${a}`)).body.data).toBe(true);

    // And the other way round.
    const c = news.entryIds[10]!;
    expect((await web.post("/reads", { entryIds: [c] })).status).toBe(200);
    expect((await call<Entry>(token(), "GET", `/entries/${itemId(c)}`)).body.status).toBe("read");
    expect((await call<Entry>(token(), "GET", `/entries/${itemId(a)}`)).body).toMatchObject({ status: "read", starred: true });
    // Bookmarking again unstars.
    expect((await call(token(), "PUT", `/entries/${itemId(a)}/bookmark`)).status).toBe(204);
    expect((await web.get<boolean>(`/collections?entryId=${a}`)).body.data).toBe(false);
  });

  it("filters and orders entries as Miniflux does, and counts per feed", async () => {
    const feeds = (await call<Feed[]>(token(), "GET", "/feeds")).body;
    const [newsFeed, miscFeed] = feeds;
    const all = async (query: string) => (await call<{ total: number; entries: Entry[] }>(token(), "GET", `/entries?${query}`)).body;
    const unread = await all("status=unread&limit=100");
    const read = await all("status=read&limit=100");
    expect(unread.total + read.total).toBe(37);
    expect(unread.entries.every((entry) => entry.status === "unread")).toBe(true);
    const counters = (await call<{ reads: Record<string, number>; unreads: Record<string, number> }>(token(), "GET", "/feeds/counters")).body;
    expect(Object.values(counters.unreads).reduce((x, y) => x + y, 0)).toBe(unread.total);
    expect(Object.values(counters.reads).reduce((x, y) => x + y, 0)).toBe(read.total);

    // Offset pages of everything, newest first, are the one long page cut in pieces.
    const whole = (await all("order=published_at&direction=desc&limit=100")).entries.map((entry) => entry.id);
    expect(whole).toHaveLength(37);
    const pieces: number[] = [];
    for (let offset = 0; offset < 40; offset += 7) pieces.push(...(await all(`order=published_at&direction=desc&limit=7&offset=${offset}`)).entries.map((entry) => entry.id));
    expect(pieces).toEqual(whole);
    const oldest = (await all("order=published_at&direction=asc&limit=100")).entries.map((entry) => entry.id);
    expect(oldest).toEqual([...whole].reverse());

    const byId = await all("order=id&direction=asc&limit=5");
    expect(byId.entries.map((entry) => entry.id)).toEqual([...byId.entries.map((entry) => entry.id)].sort((x, y) => x - y));
    const after = await all(`order=id&direction=asc&after_entry_id=${byId.entries[4]!.id}&limit=100`);
    expect(after.total).toBe(32);
    expect(after.entries[0]!.id).toBeGreaterThan(byId.entries[4]!.id);
    const before = await all(`order=id&direction=desc&before_entry_id=${byId.entries[4]!.id}`);
    expect(before.entries.map((entry) => entry.id)).toEqual(byId.entries.slice(0, 4).map((entry) => entry.id).reverse());
    const newsCategory = newsFeed!.category.id;
    expect((await all(`category_id=${newsCategory}`)).total).toBe(30);
    expect((await call<{ total: number }>(token(), "GET", `/categories/${newsCategory}/entries`)).body.total).toBe(30);
    expect((await all(`feed_id=${miscFeed!.id}`)).total).toBe(7);
    expect((await all("search=Entry%2029")).entries.map((entry) => entry.title)).toEqual(["Entry 29"]);
    expect((await all(`published_after=${Date.parse("2026-11-02T00:00:00Z") / 1000}`)).total).toBe(30);

    // Mark a feed read, then a category.
    expect((await call(token(), "PUT", `/feeds/${miscFeed!.id}/mark-all-as-read`)).status).toBe(204);
    expect((await all(`feed_id=${miscFeed!.id}&status=unread`)).total).toBe(0);
    expect((await call(token(), "PUT", `/categories/${newsCategory}/mark-all-as-read`)).status).toBe(204);
    expect((await all("status=unread")).total).toBe(0);
  });

  it("refuses bad input and what the reader does not have, writing nothing; a revoked password is 401", async () => {
    const other = await signUp(t, { email: "other@example.com" });
    const theirs = await seedFeed(t, { userId: other.userId, count: 2, title: "Theirs" });
    const ids = await itemIdsOf(t);
    const theirSubscription = (await call<Feed[]>({ token: (await appPassword(apiAs(t, other.cookie), "x")).password }, "GET", "/feeds")).body[0]!;
    const mine = Number(ids(news.entryIds[20]!));
    const before = await readOnWeb(news.entryIds[20]!);
    expect(await call(token(), "PUT", "/entries", { entry_ids: [mine, Number(ids(theirs.entryIds[0]!))], status: before ? "unread" : "read" })).toEqual({ status: 404, body: { error_message: "Resource not found" } });
    expect(await readOnWeb(news.entryIds[20]!)).toBe(before);
    for (const path of [`/feeds/${theirSubscription.id}`, `/feeds/${theirSubscription.id}/entries`, `/entries/${ids(theirs.entryIds[0]!)}`, "/entries/999999999", "/categories/12345/feeds", "/feeds/abc", "/nothing"]) {
      expect((await call(token(), "GET", path)).status, path).toBe(404);
    }
    for (const query of ["status=maybe", "order=title", "direction=up", "limit=abc", "offset=-1", "before_entry_id=x", "starred=perhaps"]) {
      const answer = await call<{ error_message: string }>(token(), "GET", `/entries?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error_message).toMatch(/\w/);
    }
    for (const body of ["{not json", { entry_ids: [], status: "read" }, { entry_ids: [mine], status: "gone" }, { entry_ids: ["1"], status: "read" }, { entry_ids: [mine] }]) {
      expect((await call(token(), "PUT", "/entries", body)).status).toBe(400);
    }
    expect((await web.delete(`/app-passwords/${passwordId}`)).status).toBe(200);
    expect((await call(token(), "GET", "/me")).status).toBe(401);
    expect((await call(basic(), "GET", "/me")).status).toBe(401);
  });
});
