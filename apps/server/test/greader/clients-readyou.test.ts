/**
 * Read You's "Google Reader" / "FreshRSS" account, replayed against our Google Reader API.
 *
 * What it sends (read in Ashinch/ReadYou, app/src/main/java/me/ash/reader/infrastructure/rss/
 * provider/greader/GoogleReaderAPI.kt, GoogleReaderDTO.kt and domain/service/
 * GoogleReaderRssService.kt):
 * - Login: POST <server>accounts/ClientLogin, OkHttp form `output=json`, `Email`, `Passwd`,
 *   `client`, `accountType=HOSTED_OR_GOOGLE`, `service=reader`. It reads `Auth` from a JSON answer
 *   and falls back to the `Auth=` line of a text one. 400 and 401 are login failures.
 * - Then GET reader/api/0/token with `Authorization: GoogleLogin auth=…`; the body is kept as it is
 *   (a trailing newline included) and added as form field `T` to every POST.
 * - Every GET and POST URL is `<path>?output=json` followed by `&name=value` pairs concatenated
 *   without any encoding (so `s=user/-/state/…` and a `continuation` go into the URL raw).
 *   A 401 makes it log in again and retry once; a 400 is an error.
 * - Account check: user-info (it keeps `userName`).
 * - Sync: subscription/list → ids of reading-list with `xt=…/read&n=10000` → ids of starred with
 *   `n=10000` → stream/items/contents for the new unread and starred ids → ids of
 *   `s=user/-/state/com.google/read&ot=<unix seconds a month ago>&n=10000` → contents of those.
 *   Each ids list is paged: `&c=<continuation>` again while the answer has a `continuation`.
 *   No tag/list (folders come from the subscriptions), no unread-count.
 * - stream/items/contents: POST, chunks of 100, form `i=<id as %016x, no prefix>` repeated.
 * - edit-tag: POST, chunks of 500, form `i=<%016x, no prefix>`…, `a=` or `r=` one of
 *   user/-/state/com.google/read | starred (older versions sent the long form). Answer parsed as a
 *   string.
 * - Parsed (Gson): subscriptions are grouped by `categories.first()`: a subscription with an empty
 *   `categories` array throws, and a null category id is an error, so every subscription needs a
 *   category with `id` and `label`; `id` ("feed/" stripped), `url` (required), `title`,
 *   `iconUrl`. Items: `id` (prefix stripped, read as hex), `published` (seconds),
 *   `crawlTimeMsec` (string read as a number), `title`, `author`, `summary.content`, the link from
 *   `canonical.first()` else `alternate.first()` else `origin.htmlUrl` (so `canonical`, if
 *   present, must not be empty), `origin.streamId` ("feed/" stripped, must be a known feed).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import {
  chunk,
  form,
  greaderClient,
  hex16,
  insertEntry,
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
let news: { feedId: string; entryIds: string[] };
let blog: { feedId: string; entryIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  ann = await readerWithAppPassword(t, "ann@example.com", "Read You");
  news = await seedFeed(t, { userId: ann.userId, count: 250, category: "News", title: "Daily News" });
  blog = await seedFeed(t, { userId: ann.userId, count: 30, category: "Blogs", title: "A Blog" });
}, 120_000);
afterAll(async () => t.close());

/** Read You's GoogleReaderAPI: login, action token, and its GET / POST shapes. */
async function readYou(base = "/api/greader") {
  const client = greaderClient(t, base);
  const login = await client.post(
    "accounts/ClientLogin",
    form([["output", "json"], ["Email", ann.email], ["Passwd", ann.password], ["client", "ReadYou"], ["accountType", "HOSTED_OR_GOOGLE"], ["service", "reader"]]),
  );
  expect(login.status, login.text).toBe(200);
  // It asks for JSON (`output=json` in the form) and reads `Auth` from it.
  const auth = json<{ SID?: unknown; LSID?: unknown; Auth?: unknown }>(login).Auth;
  expect(typeof auth).toBe("string");
  client.setAuth(auth as string);
  const tokenAnswer = await client.get("reader/api/0/token");
  expect(tokenAnswer.status).toBe(200);
  const actionToken = tokenAnswer.text; // kept as it comes, newline and all
  const params = (pairs: [string, string][]) => pairs.map(([k, v]) => `&${k}=${v}`).join("");
  return {
    client,
    get: (path: string, pairs: [string, string][] = []) => client.get(`${path}?output=json${params(pairs)}`),
    post: (path: string, fields: [string, string][], pairs: [string, string][] = []) => client.post(`${path}?output=json${params(pairs)}`, form([...fields, ["T", actionToken]])),
    ids: (pairs: [string, string][]) => pageIds(client, (c) => `reader/api/0/stream/items/ids?output=json${params(c === null ? pairs : [...pairs, ["c", c]])}`),
  };
}
type ReadYou = Awaited<ReturnType<typeof readYou>>;

/** fetchItemsContents: chunks of 100, bare 16-digit hex ids; answers article id → feed id. */
async function fetchContents(app: ReadYou, ids: string[], feedIds: Set<string>) {
  const articles = new Map<string, { feedId: string; categories: unknown }>();
  for (const part of chunk(ids, 100)) {
    const answer = await app.post("reader/api/0/stream/items/contents", part.map((id) => ["i", hex16(id)]));
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const body = json<Contents>(answer);
    expect(body.items).toHaveLength(part.length);
    for (const item of body.items!) {
      const articleId = BigInt(`0x${item.id.replace(ITEM_PREFIX, "")}`).toString();
      if (item.published !== undefined) expect(Number.isInteger(item.published)).toBe(true);
      expect(typeof item.crawlTimeMsec).toBe("string");
      expect(Number.isFinite(Number(item.crawlTimeMsec))).toBe(true);
      if (item.canonical !== undefined) expect(item.canonical.length).toBeGreaterThan(0);
      const link = item.canonical?.[0]?.href ?? item.alternate?.[0]?.href ?? item.origin?.htmlUrl;
      expect(typeof link).toBe("string");
      expect(typeof item.summary?.content).toBe("string");
      const feedId = String(item.origin?.streamId).replace("feed/", "");
      expect(feedIds.has(feedId)).toBe(true);
      articles.set(articleId, { feedId, categories: item.categories });
    }
  }
  return articles;
}

describe("Read You against /api/greader", () => {
  it("signs in, reads the user, syncs feeds, unread, starred and read items, and marks read and starred", async () => {
    const app = await readYou();
    const user = json<Record<string, unknown>>(await app.get("reader/api/0/user-info"));
    expect(user).toMatchObject({ userId: expect.any(String), userName: expect.any(String), userEmail: ann.email });

    // 2. subscription/list, grouped by the first category.
    const subs = json<{ subscriptions: { id: string; url: unknown; title: unknown; categories?: { id?: unknown; label?: unknown }[] }[] }>(
      await app.get("reader/api/0/subscription/list"),
    );
    const feedIds = new Set<string>();
    const groups = new Map<string, string>();
    for (const sub of subs.subscriptions) {
      expect(sub.categories?.length ?? 0).toBeGreaterThan(0);
      const category = sub.categories![0]!;
      expect(typeof category.id).toBe("string");
      groups.set(String(category.id).replace(/user\/[^/]+\/label\//, ""), String(category.label));
      expect(typeof sub.url).toBe("string");
      feedIds.add(sub.id.replace("feed/", ""));
    }
    expect(feedIds).toEqual(new Set([news.feedId, blog.feedId]));
    expect(groups).toEqual(new Map([["News", "News"], ["Blogs", "Blogs"]]));

    // 3. unread ids, 4. starred ids, 5./6. their contents.
    const unread = await app.ids([["s", READING_LIST], ["xt", READ], ["n", "10000"]]);
    expect(unread.pages).toBe(1);
    expect(new Set(unread.ids)).toEqual(new Set([...news.entryIds, ...blog.entryIds]));
    expect((await app.ids([["s", STARRED], ["n", "10000"]])).ids).toEqual([]);
    const articles = await fetchContents(app, unread.ids, feedIds);
    expect(articles.size).toBe(280);
    expect(articles.get(blog.entryIds[0]!)?.feedId).toBe(blog.feedId);

    // 7. read ids since a month ago: none yet.
    const monthAgo = String(Math.floor(Date.now() / 1000) - 30 * 86_400);
    expect((await app.ids([["s", READ], ["ot", monthAgo], ["n", "10000"]])).ids).toEqual([]);

    // The reader opens 150 articles (one edit-tag call), stars two, unstars one, marks one unread.
    const read = news.entryIds.slice(0, 150);
    const before = await unreadOnWeb(ann.web);
    const mark = async (ids: string[], field: "a" | "r", state: string) => {
      const answer = await app.post("reader/api/0/edit-tag", [...ids.map((id): [string, string] => ["i", hex16(id)]), [field, state]]);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text.trim()).toBe("OK");
    };
    await mark(read, "a", READ);
    await mark(blog.entryIds.slice(0, 2), "a", STARRED);
    await mark([blog.entryIds[1]!], "r", STARRED);
    await mark([read[149]!], "r", READ);

    expect(await unreadOnWeb(ann.web)).toBe(before - 149);
    const flags = await readFlagsOnWeb(ann.web, news.feedId);
    expect(flags.get(read[0]!)).toBe(true);
    expect(flags.get(read[99]!)).toBe(true);
    expect(flags.get(read[149]!)).toBe(false);
    expect(await starredOnWeb(ann.web, blog.entryIds[0]!)).toBe(true);
    expect(await starredOnWeb(ann.web, blog.entryIds[1]!)).toBe(false);

    // The next sync: fewer unread, one starred, the read ones listed under …/read.
    const next = new Set((await app.ids([["s", READING_LIST], ["xt", READ], ["n", "10000"]])).ids);
    expect(next.size).toBe(280 - 149);
    expect(next.has(read[0]!)).toBe(false);
    expect(next.has(read[149]!)).toBe(true);
    expect((await app.ids([["s", STARRED], ["n", "10000"]])).ids).toEqual([blog.entryIds[0]]);
    const readIds = new Set((await app.ids([["s", READ], ["ot", monthAgo], ["n", "10000"]])).ids);
    expect(readIds).toEqual(new Set(read.slice(0, 149)));
    const reread = await fetchContents(app, [read[0]!, blog.entryIds[0]!], feedIds);
    expect(reread.get(read[0]!)?.categories).toContain(READ);
    expect(reread.get(blog.entryIds[0]!)?.categories).toContain(STARRED);
  }, 120_000);

  it("sees what the reader did on the web at its next sync", async () => {
    const app = await readYou();
    const target = blog.entryIds[5]!;
    const unread = () => app.ids([["s", READING_LIST], ["xt", READ], ["n", "10000"]]);
    expect((await unread()).ids).toContain(target);
    expect((await ann.web.post("/reads", { entryIds: [target] })).status).toBe(200);
    expect((await unread()).ids).not.toContain(target);
    const monthAgo = String(Math.floor(Date.now() / 1000) - 30 * 86_400);
    expect((await app.ids([["s", READ], ["ot", monthAgo], ["n", "10000"]])).ids).toContain(target);
  });

  it("gets the right article for a bare hex id made only of digits (leading zero: hex, as FreshRSS reads it)", async () => {
    // An entry whose id in 16 hex digits has no letter: Read You sends "0333333333333333", which is
    // 0x0333333333333333, not the decimal 333333333333333.
    const id = BigInt("0x0333333333333333").toString();
    const { feedId } = await seedFeed(t, { userId: ann.userId, count: 1, category: "News", title: "Digits" });
    await insertEntry(t, feedId, { id, title: "Digits only", url: "https://seed.example/digits" });
    const app = await readYou();
    const answer = await app.post("reader/api/0/stream/items/contents", [["i", hex16(id)]]);
    expect(answer.status, answer.text).toBe(200);
    expect(json<Contents>(answer).items?.map((item) => item.title)).toEqual(["Digits only"]);
    const edit = await app.post("reader/api/0/edit-tag", [["i", hex16(id)], ["a", READ]]);
    expect(edit.status, edit.text).toBe(200);
    expect((await readFlagsOnWeb(ann.web, feedId)).get(id)).toBe(true);
  });

  it("can build a link for an entry that has none (no empty canonical or alternate list to take first() of)", async () => {
    const { feedId } = await seedFeed(t, { userId: ann.userId, count: 1, category: "News", title: "Linkless" });
    const id = t.deps.ids.next();
    await insertEntry(t, feedId, { id, title: null, url: null });
    const app = await readYou();
    const answer = await app.post("reader/api/0/stream/items/contents", [["i", hex16(id)]]);
    expect(answer.status, answer.text).toBe(200);
    const item = json<Contents>(answer).items![0]!;
    // Read You: canonical.first() ?: alternate.first() ?: origin.htmlUrl; first() throws on [].
    if (item.canonical !== undefined) expect(item.canonical.length).toBeGreaterThan(0);
    else if (item.alternate !== undefined) expect(item.alternate.length).toBeGreaterThan(0);
    // NetNewsWire and NewsFlash need `alternate` to be there, as a list of {href: string}.
    expect(Array.isArray(item.alternate)).toBe(true);
    for (const link of item.alternate!) expect(typeof link.href).toBe("string");
  });

  it("gives every subscription a category, even a feed the reader keeps outside any folder", async () => {
    // Read You throws on a subscription whose `categories` is empty (`categories.first()`), and then
    // the whole sync fails, so a feed without a folder must still come with one category.
    const { feedId } = await seedFeed(t, { userId: ann.userId, count: 2, title: "Loose" });
    const app = await readYou();
    const subs = json<{ subscriptions: { id: string; categories: { id: unknown; label: unknown }[] }[] }>(await app.get("reader/api/0/subscription/list"));
    const loose = subs.subscriptions.find((sub) => sub.id === `feed/${feedId}`);
    expect(loose).toBeDefined();
    expect(loose!.categories.length).toBeGreaterThan(0);
    expect(typeof loose!.categories[0]!.id).toBe("string");
    expect(typeof loose!.categories[0]!.label).toBe("string");
  });
});
