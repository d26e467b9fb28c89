/**
 * NetNewsWire's "FreshRSS" / "Reader API" account, replayed against our Google Reader API.
 *
 * What it sends (read in Ranchero-Software/NetNewsWire, Account/Sources/Account/ReaderAPI/
 * ReaderAPICaller.swift, ReaderAPIAccountDelegate.swift, ReaderAPIEntry.swift,
 * ReaderAPISubscription.swift, ReaderAPITag.swift, ReaderAPIUnreadEntry.swift, and the
 * `readerBasic` / `readerAPIKey` cases of its URLRequest credentials extension):
 * - Login: POST <base>/accounts/ClientLogin, form `Email`, `Passwd` (percent-encoded). It reads the
 *   text answer line by line, splits each line on "=" and keeps lines that split in exactly two:
 *   an Auth token holding "=" would be lost. Later calls carry `Authorization: GoogleLogin auth=…`.
 * - Edit token: GET reader/api/0/token once, cached; one trailing "\n" removed (older versions kept
 *   it). Every POST body starts `T=<token>&…`, built by hand, nothing URL-encoded.
 * - Sync order (refreshAll): tag/list?output=json → subscription/list?output=json → pending
 *   read/star changes via edit-tag → stream/items/ids `n=1000&output=json&ot=<unix seconds, last
 *   fetch or 3 months ago>&s=…/reading-list` → ids `n=1000&output=json&s=…/reading-list&xt=…/read`
 *   and `n=1000&output=json&s=…/starred` → stream/items/contents for ids it has no article for.
 *   Paging: the same URL with `c=<continuation>` until an answer has no `continuation`. No
 *   user-info, no unread-count.
 * - stream/items/contents: POST, chunks of 150, `T=…&output=json&i=tag:google.com,2005:reader/item/
 *   <hex WITHOUT zero padding>&i=…`.
 * - edit-tag: POST, chunks of 1000, `T=…&i=tag:google.com,2005:reader/item/<%.16llx>&…&a=<state>`
 *   (mark read: a=…/read; unread: r=…/read; star: a=…/starred; unstar: r=…/starred). Only the
 *   status is looked at.
 * - Parsed (Swift Codable, so a wrong JSON type fails the whole answer): tag/list `tags[].id`
 *   (string), `type` (optional); every tag whose id contains "/label/" becomes a folder.
 *   subscription/list `subscriptions[]`: `id`, `url` (required strings), `title`, `htmlUrl`,
 *   `iconUrl` (optional strings), `categories[]` (required array) of `{id, label}` (both required).
 *   stream/items/ids: `itemRefs[].id` (string, turned into an Int), `continuation` (optional string).
 *   stream/items/contents: top-level `id` (string) and `updated` (integer) required, `items[]` with
 *   `id` (long form; the part after the last "/" read as hex), `summary` (object, `content`
 *   optional), `alternate[]` (required array of `{href}`), `categories` (required array of
 *   strings), `origin` (object; `streamId` must equal a subscription's `id` or the article is
 *   dropped), `published` (number, seconds), `crawlTimeMsec` / `timestampUsec` (optional strings).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import {
  chunk,
  decimalOfLong,
  foundationQuery,
  greaderClient,
  hex16,
  hexBare,
  ITEM_PREFIX,
  json,
  pageIds,
  raw,
  READ,
  READING_LIST,
  readerWithAppPassword,
  readFlagsOnWeb,
  STARRED,
  starredOnWeb,
  unreadOnWeb,
  type Contents,
  type GReaderClient,
  type Reader,
} from "./client-helpers.ts";

let t: TestApp;
let ann: Reader;
let tech1: { feedId: string; entryIds: string[] };
let tech2: { feedId: string; entryIds: string[] };
let loose: { feedId: string; entryIds: string[] };
const TOTAL = 700 + 400 + 5;

beforeAll(async () => {
  t = await createTestApp();
  ann = await readerWithAppPassword(t, "ann@example.com", "NetNewsWire");
  // More unread entries than NetNewsWire's n=1000, so its id lists take two pages.
  tech1 = await seedFeed(t, { userId: ann.userId, count: 700, category: "Tech", title: "Tech One" });
  tech2 = await seedFeed(t, { userId: ann.userId, count: 400, category: "Tech", title: "Tech Two" });
  loose = await seedFeed(t, { userId: ann.userId, count: 5, title: "No Folder" });
}, 120_000);
afterAll(async () => t.close());

/** NetNewsWire's ClientLogin and its parse of the answer. */
async function login(client: GReaderClient, email: string, password: string): Promise<string> {
  const body = new URLSearchParams([["Email", email], ["Passwd", password]]).toString();
  const answer = await client.post("accounts/ClientLogin", body);
  expect(answer.status, answer.text).toBe(200);
  const authData: Record<string, string> = {};
  for (const line of answer.text.split("\n").filter(Boolean)) {
    const items = line.split("=").filter(Boolean);
    // A line that does not split in two is skipped by NetNewsWire: the Auth line must not.
    if (line.startsWith("Auth=")) expect(items).toHaveLength(2);
    if (items.length === 2) authData[items[0]!] = items[1]!;
  }
  expect(authData.Auth).toBeTruthy();
  return authData.Auth!;
}

/** Its edit token: fetched once, one trailing newline removed. */
async function editToken(client: GReaderClient): Promise<string> {
  const answer = await client.get("reader/api/0/token");
  expect(answer.status).toBe(200);
  return answer.text.endsWith("\n") ? answer.text.slice(0, -1) : answer.text;
}

const idsQuery = (items: [string, string][]) => (c: string | null) =>
  `reader/api/0/stream/items/ids?${foundationQuery(c === null ? items : [...items, ["c", c]])}`;

/** retrieveEntries(articleIDs:): stream/items/contents in chunks of 150, unpadded hex long ids. */
async function fetchArticles(client: GReaderClient, token: string, ids: string[], subscriptionIds: Set<string>) {
  const articles = new Map<string, { feed: string; categories: string[] }>();
  for (const part of chunk(ids, 150)) {
    const body = `T=${token}&output=json&${part.map((id) => `i=${ITEM_PREFIX}${hexBare(id)}`).join("&")}`;
    const answer = await client.post("reader/api/0/stream/items/contents", body);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    const wrapper = json<Contents>(answer);
    expect(typeof wrapper.id).toBe("string");
    expect(Number.isInteger(wrapper.updated)).toBe(true);
    expect(wrapper.items).toHaveLength(part.length);
    for (const item of wrapper.items!) {
      expect(item.id.startsWith(ITEM_PREFIX)).toBe(true);
      expect(typeof item.summary).toBe("object");
      expect(Array.isArray(item.alternate)).toBe(true);
      for (const link of item.alternate!) expect(["string", "undefined"]).toContain(typeof link.href);
      expect(Array.isArray(item.categories)).toBe(true);
      expect(typeof item.origin).toBe("object");
      if (item.title !== undefined && item.title !== null) expect(typeof item.title).toBe("string");
      if (item.published !== undefined && item.published !== null) expect(typeof item.published).toBe("number");
      for (const key of ["crawlTimeMsec", "timestampUsec"] as const) if (item[key] !== undefined) expect(typeof item[key]).toBe("string");
      expect(subscriptionIds.has(item.origin!.streamId as string)).toBe(true);
      articles.set(decimalOfLong(item.id), { feed: item.origin!.streamId as string, categories: item.categories as string[] });
    }
  }
  return articles;
}

/** updateStateToEntries: one edit-tag call, ids as %.16llx long form. */
async function editTag(client: GReaderClient, token: string, ids: string[], action: "a" | "r", state: string) {
  const body = `T=${token}&${ids.map((id) => `i=${ITEM_PREFIX}${hex16(id)}`).join("&")}&${action}=${state}`;
  const answer = await client.post("reader/api/0/edit-tag", body);
  expect(answer.status, answer.text).toBe(200);
}

describe("NetNewsWire (FreshRSS account) against /api/greader.php", () => {
  it("signs in, syncs folders, feeds and 1105 articles over two pages of ids, and sends read and star changes", async () => {
    const client = greaderClient(t, "/api/greader.php");
    client.setAuth(await login(client, ann.email, ann.password));

    // refreshAccount: tags, then subscriptions.
    const tags = json<{ tags: { id: unknown; type?: unknown }[] }>(await client.get("reader/api/0/tag/list?output=json"));
    for (const tag of tags.tags) {
      expect(typeof tag.id).toBe("string");
      if (tag.type !== undefined) expect(typeof tag.type).toBe("string");
    }
    const folders = tags.tags.map((tag) => tag.id as string).filter((id) => id.includes("/label/"));
    // The loose feed is in the default folder (Read You needs every subscription in one).
    expect(folders).toEqual(["user/-/label/Tech", "user/-/label/Uncategorized"]);

    const subs = json<{ subscriptions: Record<string, unknown>[] }>(await client.get("reader/api/0/subscription/list?output=json"));
    expect(subs.subscriptions).toHaveLength(3);
    for (const sub of subs.subscriptions) {
      expect(typeof sub.id).toBe("string");
      expect(typeof sub.url).toBe("string");
      for (const key of ["title", "htmlUrl", "iconUrl"]) if (sub[key] !== undefined && sub[key] !== null) expect(typeof sub[key]).toBe("string");
      expect(Array.isArray(sub.categories)).toBe(true);
      for (const category of sub.categories as Record<string, unknown>[]) {
        expect(typeof category.id).toBe("string");
        expect(typeof category.label).toBe("string");
      }
    }
    const byId = new Map(subs.subscriptions.map((sub) => [sub.id as string, sub]));
    expect(byId.get(`feed/${tech1.feedId}`)?.categories).toEqual([{ id: "user/-/label/Tech", label: "Tech" }]);
    expect(byId.get(`feed/${tech2.feedId}`)?.categories).toEqual([{ id: "user/-/label/Tech", label: "Tech" }]);
    expect(byId.get(`feed/${loose.feedId}`)?.categories).toEqual([{ id: "user/-/label/Uncategorized", label: "Uncategorized" }]);
    const subscriptionIds = new Set(byId.keys());

    // retrieveItemIDs(.allForAccount): everything crawled in the last 3 months, n=1000, paged.
    const since = Math.floor(Date.now() / 1000) - 90 * 86_400;
    const all = await pageIds(client, idsQuery([["n", "1000"], ["output", "json"], ["ot", String(since)], ["s", READING_LIST]]));
    expect(all.pages).toBeGreaterThanOrEqual(2);
    expect(new Set(all.ids).size).toBe(TOTAL);
    expect(new Set(all.ids)).toEqual(new Set([...tech1.entryIds, ...tech2.entryIds, ...loose.entryIds]));
    const sorted = [...all.ids].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));
    expect(all.ids).toEqual(sorted);

    // refreshArticleStatus: unread ids and starred ids.
    const unreadQuery = idsQuery([["n", "1000"], ["output", "json"], ["s", READING_LIST], ["xt", READ]]);
    const starredQuery = idsQuery([["n", "1000"], ["output", "json"], ["s", STARRED]]);
    expect((await pageIds(client, unreadQuery)).ids).toHaveLength(TOTAL);
    expect((await pageIds(client, starredQuery)).ids).toEqual([]);

    // refreshMissingArticles: every article, 150 a request.
    const token = await editToken(client);
    const articles = await fetchArticles(client, token, all.ids, subscriptionIds);
    expect(articles.size).toBe(TOTAL);
    expect(articles.get(tech1.entryIds[0]!)?.feed).toBe(`feed/${tech1.feedId}`);
    expect(articles.get(loose.entryIds[0]!)?.feed).toBe(`feed/${loose.feedId}`);
    expect([...articles.values()].some((article) => article.categories.includes(READ))).toBe(false);

    // The reader reads 120 articles, marks one of them unread again, stars three and unstars one.
    const read = tech1.entryIds.slice(0, 120);
    const before = await unreadOnWeb(ann.web);
    await editTag(client, token, read, "a", READ);
    await editTag(client, token, [read[0]!], "r", READ);
    await editTag(client, token, tech2.entryIds.slice(0, 3), "a", STARRED);
    await editTag(client, token, [tech2.entryIds[2]!], "r", STARRED);

    // The product sees it.
    expect(await unreadOnWeb(ann.web)).toBe(before - 119);
    const flags = await readFlagsOnWeb(ann.web, tech1.feedId);
    expect(flags.get(read[0]!)).toBe(false);
    expect(flags.get(read[1]!)).toBe(true);
    expect(flags.get(read[119]!)).toBe(true);
    expect(flags.get(tech1.entryIds[120]!)).toBe(false);
    expect(await starredOnWeb(ann.web, tech2.entryIds[0]!)).toBe(true);
    expect(await starredOnWeb(ann.web, tech2.entryIds[1]!)).toBe(true);
    expect(await starredOnWeb(ann.web, tech2.entryIds[2]!)).toBe(false);

    // The next sync sees it too.
    const unread = new Set((await pageIds(client, unreadQuery)).ids);
    expect(unread.size).toBe(TOTAL - 119);
    expect(unread.has(read[0]!)).toBe(true);
    expect(unread.has(read[1]!)).toBe(false);
    expect(new Set((await pageIds(client, starredQuery)).ids)).toEqual(new Set(tech2.entryIds.slice(0, 2)));
    const again = await fetchArticles(client, token, [read[1]!, read[0]!], subscriptionIds);
    expect(again.get(read[1]!)?.categories).toContain(READ);
    expect(again.get(read[0]!)?.categories).not.toContain(READ);
  }, 120_000);

  it("sees what the reader did on the web at its next sync", async () => {
    const client = greaderClient(t, "/api/greader.php");
    client.setAuth(await login(client, ann.email, ann.password));
    const target = loose.entryIds[1]!;
    const unreadQuery = idsQuery([["n", "1000"], ["output", "json"], ["s", READING_LIST], ["xt", READ]]);
    expect((await pageIds(client, unreadQuery)).ids).toContain(target);

    expect((await ann.web.post("/reads", { entryIds: [target] })).status).toBe(200);
    expect((await ann.web.post("/collections", { entryId: target })).status).toBe(200);

    expect((await pageIds(client, unreadQuery)).ids).not.toContain(target);
    expect((await pageIds(client, idsQuery([["n", "1000"], ["output", "json"], ["s", STARRED]]))).ids).toContain(target);
    const token = await editToken(client);
    const article = await fetchArticles(client, token, [target], new Set([`feed/${loose.feedId}`]));
    expect(article.get(target)?.categories).toEqual(expect.arrayContaining([READ, STARRED]));
  });

  it("keeps the older NetNewsWire working: a T with its trailing newline, bare 16-digit hex ids in edit-tag", async () => {
    const client = greaderClient(t, "/api/greader.php");
    client.setAuth(await login(client, ann.email, ann.password));
    const answer = await client.get("reader/api/0/token");
    const target = loose.entryIds[2]!;
    // NetNewsWire before the async rewrite kept the newline and sent `i=<%.16llx>` without the prefix.
    const edit = await client.post("reader/api/0/edit-tag", `T=${answer.text}&${raw([["i", hex16(target)], ["a", READ]])}`);
    expect(edit.status, edit.text).toBe(200);
    expect((await readFlagsOnWeb(ann.web, loose.feedId)).get(target)).toBe(true);
  });
});
