/**
 * NewsFlash (GNOME) through its `greader_api` crate, replayed against our Google Reader API.
 *
 * Read: the crate's public API and its response models on docs.rs (greader_api 0.4–0.6:
 * GReaderApi::{login, user_info, unread_count, subscription_list, items_ids, items_contents,
 * stream_contents, tag_list…}; src/models/{feed,unread,item,stream,tag}.rs) and the head of
 * news-flash's src/util/greader.rs (the stream names it uses and GOOGLE_ITEM_PREFIX, the long item
 * id prefix). The crate's request-building code itself could not be read here: the query and form
 * encoding below is reqwest's (`.query()` / `.form()`, every reserved character percent-encoded)
 * and the parameter names are the Google Reader ones its arguments stand for (`items_ids(stream_id,
 * amount, include_all_direct_stream_ids, continuation, exclude_stream, include_stream,
 * filter_older, filter_newer)` → s, n, includeAllDirectStreamIds, c, xt, it, ot, nt).
 *
 * Its models are serde structs without defaults, so a missing field or a wrong JSON type fails the
 * whole answer:
 * - subscription/list `subscriptions[]`: `id`, `title`, `url`, `htmlUrl`, `iconUrl` all required
 *   strings (null is refused), `categories[]` of `{id, label}` strings, `sortid` optional string.
 * - tag/list `tags[]`: `id` string, `type` and `sortid` optional strings.
 * - unread-count: `max` (unsigned integer), `unreadcounts[]` of `count` (unsigned integer), `id`
 *   (string), `newestItemTimestampUsec` (a string, not a number).
 * - stream/items/ids: `itemRefs` (optional array of `{id}` strings), `continuation` (optional).
 * - stream/items/contents and stream/contents: `id` (string), `updated` (integer) required;
 *   `items[]` with `id`, `categories[]`, `alternate[]` of `{href}` strings, `timestampUsec` and
 *   `crawlTimeMsec` (required strings), `published` (required integer), `origin` with `streamId`
 *   and `title` (required strings), `summary` optional but with a string `content` when present,
 *   `title`, `author` optional strings, `updated` optional integer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import {
  chunk,
  form,
  greaderClient,
  hex16,
  ITEM_PREFIX,
  json,
  pageIds,
  READ,
  READING_LIST,
  readerWithAppPassword,
  readFlagsOnWeb,
  STARRED,
  starredOnWeb,
  unreadOnWeb,
  type Contents,
  type Reader,
} from "./client-helpers.ts";

let t: TestApp;
let ann: Reader;
let planet: { feedId: string; entryIds: string[] };
let comics: { feedId: string; entryIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  ann = await readerWithAppPassword(t, "ann@example.com", "NewsFlash");
  planet = await seedFeed(t, { userId: ann.userId, count: 320, category: "Planets", title: "Planet GNOME" });
  comics = await seedFeed(t, { userId: ann.userId, count: 130, category: "Fun", title: "Comics" });
}, 120_000);
afterAll(async () => t.close());

const isUint = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const optionalString = (value: unknown) => value === undefined || value === null || typeof value === "string";

async function newsFlash() {
  const client = greaderClient(t, "/api/greader");
  const login = await client.post("accounts/ClientLogin", form([["Email", ann.email], ["Passwd", ann.password]]));
  expect(login.status, login.text).toBe(200);
  const auth = /^Auth=(.+)$/m.exec(login.text)?.[1];
  expect(auth).toBeTruthy();
  client.setAuth(auth!);
  const token = await client.get("reader/api/0/token");
  expect(token.status).toBe(200);
  const T = token.text.trim();
  expect(T.length).toBeGreaterThan(0);
  return {
    client,
    get: (path: string, query: [string, string][] = []) => client.get(`${path}?${form([...query, ["output", "json"]])}`),
    post: (path: string, fields: [string, string][]) => client.post(`${path}?output=json`, form([...fields, ["T", T]])),
    ids: (query: [string, string][]) => pageIds(client, (c) => `reader/api/0/stream/items/ids?${form([...query, ...(c === null ? [] : [["c", c] as [string, string]]), ["output", "json"]])}`),
  };
}
type NewsFlash = Awaited<ReturnType<typeof newsFlash>>;

/** Checks a stream answer against greader_api's Stream/Item models; answers id → categories. */
function checkStream(body: Contents): Map<string, string[]> {
  expect(typeof body.id).toBe("string");
  expect(Number.isInteger(body.updated)).toBe(true);
  expect(optionalString(body.title)).toBe(true);
  const out = new Map<string, string[]>();
  for (const item of body.items ?? []) {
    expect(item.id.startsWith(ITEM_PREFIX)).toBe(true);
    expect(Array.isArray(item.categories)).toBe(true);
    expect(Array.isArray(item.alternate)).toBe(true);
    for (const link of item.alternate!) expect(typeof link.href).toBe("string");
    expect(typeof item.timestampUsec).toBe("string");
    expect(typeof item.crawlTimeMsec).toBe("string");
    expect(Number.isInteger(item.published)).toBe(true);
    expect(typeof item.origin?.streamId).toBe("string");
    expect(typeof item.origin?.title).toBe("string");
    expect(optionalString(item.origin?.htmlUrl)).toBe(true);
    if (item.summary !== undefined && item.summary !== null) expect(typeof item.summary.content).toBe("string");
    expect(optionalString(item.title)).toBe(true);
    expect(optionalString(item.author)).toBe(true);
    if (item.updated !== undefined && item.updated !== null) expect(Number.isInteger(item.updated)).toBe(true);
    out.set(BigInt(`0x${item.id.slice(ITEM_PREFIX.length)}`).toString(), item.categories as string[]);
  }
  return out;
}

async function contents(app: NewsFlash, ids: string[]) {
  const all = new Map<string, string[]>();
  for (const part of chunk(ids, 200)) {
    const answer = await app.post("reader/api/0/stream/items/contents", part.map((id) => ["i", id]));
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const body = json<Contents>(answer);
    expect(body.items).toHaveLength(part.length);
    for (const [id, categories] of checkStream(body)) all.set(id, categories);
  }
  return all;
}

async function unreadCount(app: NewsFlash) {
  const body = json<{ max: unknown; unreadcounts: { id: unknown; count: unknown; newestItemTimestampUsec: unknown }[] }>(await app.get("reader/api/0/unread-count"));
  expect(isUint(body.max)).toBe(true);
  for (const row of body.unreadcounts) {
    expect(typeof row.id).toBe("string");
    expect(isUint(row.count)).toBe(true);
    expect(typeof row.newestItemTimestampUsec).toBe("string");
  }
  return new Map(body.unreadcounts.map((row) => [row.id as string, row.count as number]));
}

describe("NewsFlash (greader_api) against /api/greader", () => {
  it("signs in, lists tags, feeds and counts, pages ids, fetches contents and edits tags", async () => {
    const app = await newsFlash();
    const user = json<Record<string, unknown>>(await app.get("reader/api/0/user-info"));
    expect(typeof user.userId).toBe("string");
    expect(typeof user.userName).toBe("string");

    const tags = json<{ tags: Record<string, unknown>[] }>(await app.get("reader/api/0/tag/list"));
    for (const tag of tags.tags) {
      expect(typeof tag.id).toBe("string");
      expect(optionalString(tag.type)).toBe(true);
      expect(optionalString(tag.sortid)).toBe(true);
    }
    expect(tags.tags.map((tag) => tag.id)).toEqual(expect.arrayContaining([STARRED, "user/-/label/Planets", "user/-/label/Fun"]));

    const subs = json<{ subscriptions: Record<string, unknown>[] }>(await app.get("reader/api/0/subscription/list"));
    expect(subs.subscriptions).toHaveLength(2);
    for (const sub of subs.subscriptions) {
      for (const key of ["id", "title", "url", "htmlUrl", "iconUrl"]) expect(typeof sub[key], `${key} of ${String(sub.id)}`).toBe("string");
      expect(optionalString(sub.sortid)).toBe(true);
      for (const category of sub.categories as Record<string, unknown>[]) {
        expect(typeof category.id).toBe("string");
        expect(typeof category.label).toBe("string");
      }
    }

    const counts = await unreadCount(app);
    expect(counts.get(READING_LIST)).toBe(450);
    expect(counts.get(`feed/${planet.feedId}`)).toBe(320);
    expect(counts.get("user/-/label/Fun")).toBe(130);

    // Unread ids 200 at a time (three pages), starred ids, then the contents by short id.
    const unread = await app.ids([["s", READING_LIST], ["n", "200"], ["xt", READ]]);
    expect(unread.pages).toBe(3);
    expect(new Set(unread.ids)).toEqual(new Set([...planet.entryIds, ...comics.entryIds]));
    expect((await app.ids([["s", STARRED], ["n", "200"]])).ids).toEqual([]);
    const fetched = await contents(app, unread.ids);
    expect(fetched.size).toBe(450);

    // A feed's stream with its contents, as stream_contents() asks for it.
    const stream = await app.get(`reader/api/0/stream/contents/${encodeURIComponent(`feed/${comics.feedId}`)}`, [["n", "50"], ["xt", READ]]);
    expect(stream.status).toBe(200);
    const streamBody = json<Contents>(stream);
    expect(checkStream(streamBody).size).toBe(50);
    expect(typeof streamBody.continuation).toBe("string");

    // Mark 110 read in one edit-tag call (long ids), star two, then take one star and one read back.
    const read = planet.entryIds.slice(0, 110);
    const edit = async (fields: [string, string][]) => {
      const answer = await app.post("reader/api/0/edit-tag", fields);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text.trim()).toBe("OK");
    };
    const long = (id: string): [string, string] => ["i", `${ITEM_PREFIX}${hex16(id)}`];
    await edit([...read.map(long), ["a", READ]]);
    await edit([...comics.entryIds.slice(0, 2).map(long), ["a", STARRED]]);
    await edit([long(comics.entryIds[1]!), ["r", STARRED]]);
    await edit([long(read[0]!), ["r", READ]]);

    expect(await unreadOnWeb(ann.web)).toBe(450 - 109);
    const flags = await readFlagsOnWeb(ann.web, planet.feedId);
    expect(flags.get(read[0]!)).toBe(false);
    expect(flags.get(read[109]!)).toBe(true);
    expect(await starredOnWeb(ann.web, comics.entryIds[0]!)).toBe(true);
    expect(await starredOnWeb(ann.web, comics.entryIds[1]!)).toBe(false);

    const after = await unreadCount(app);
    expect(after.get(READING_LIST)).toBe(450 - 109);
    expect(after.get(`feed/${planet.feedId}`)).toBe(320 - 109);
    expect(after.get("user/-/label/Planets")).toBe(320 - 109);
    expect(new Set((await app.ids([["s", READING_LIST], ["n", "200"], ["xt", READ]])).ids).has(read[5]!)).toBe(false);
    expect((await app.ids([["s", STARRED], ["n", "200"]])).ids).toEqual([comics.entryIds[0]]);
    const again = await contents(app, [read[5]!, comics.entryIds[0]!]);
    expect(again.get(read[5]!)).toContain(READ);
    expect(again.get(comics.entryIds[0]!)).toEqual(expect.arrayContaining([STARRED, READING_LIST]));
  }, 120_000);

  it("sees a read on the web in its ids and its unread count", async () => {
    const app = await newsFlash();
    const target = comics.entryIds[10]!;
    const before = await unreadCount(app);
    expect((await app.ids([["s", READING_LIST], ["n", "200"], ["xt", READ]])).ids).toContain(target);
    expect((await ann.web.post("/reads", { entryIds: [target] })).status).toBe(200);
    expect((await app.ids([["s", READING_LIST], ["n", "200"], ["xt", READ]])).ids).not.toContain(target);
    const after = await unreadCount(app);
    expect(after.get(READING_LIST)).toBe(before.get(READING_LIST)! - 1);
    expect(after.get(`feed/${comics.feedId}`)).toBe(before.get(`feed/${comics.feedId}`)! - 1);
    expect(after.get("user/-/label/Fun")).toBe(before.get("user/-/label/Fun")! - 1);
    // The feed's unread ids, asked with `xt` on the feed stream, agree.
    expect((await app.ids([["s", `feed/${comics.feedId}`], ["n", "500"], ["xt", READ]])).ids).toHaveLength(after.get(`feed/${comics.feedId}`)!);
  });
});
