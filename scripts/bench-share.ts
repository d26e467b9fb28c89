// `npm run bench:share [-- --db embedded|postgres] [--requests N]`: share pages and their images.
// Real feed entries of the corpus (sanitised as a refresh stores them) behind the real server,
// asked over HTTP as a link preview or a browser would (brotli accepted):
// 1. Share page HTML (/share/{entries,feeds,lists,users}/:id): time to the last byte, p50/p99.
//    Target: p99 ≤ 50 ms.
// 2. Share images (/og/...): the first one of the process (loads satori, resvg and the fonts);
//    then each a new page, so nothing cached (Latin titles, and titles in Chinese or Japanese,
//    whose font subsets load as first needed); then the same again, from the cache.
//    Target: uncached p99 ≤ 200 ms.
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { createLogger, createServer, engine, loadConfig, migrate, openDatabase, schema } from "@tidings/server";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";

/** A read entry's content comes as UTF-8 bytes. */
const utf8 = new TextDecoder();

const { values } = parseArgs({ options: { db: { type: "string", default: "embedded" }, requests: { type: "string", default: "300" } } });
const REQUESTS = Number(values.requests);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${sorted.length} requests)`;
};
const CJK = /[\u3040-\u30ff\u3400-\u9fff]/;

// ---- The instance: corpus feeds and their entries, a reader with a list ----
const bench = await benchDatabase(benchDatabaseKind(values.db, "embedded"), { prefix: "tidings_sharebench", maxConnections: 10 });
const database = await openDatabase(bench.source);
await migrate(database.db);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false" });
// The web client's index.html is served when it is built.
const webDistDir = new URL("../apps/web/dist/", import.meta.url).pathname;
const withWebShell = existsSync(`${webDistDir}index.html`);
const { root, app, close } = createServer({ config, logger: createLogger({ level: "silent" }), database, authSecret: randomBytes(32).toString("hex"), ...(withWebShell ? { webDistDir } : {}) });
const { db, ids } = root;
const { entries, feeds, listFeeds, lists, subscriptions, users } = schema;

const corpusDir = new URL("../../shared/corpus/", import.meta.url);
const feedFiles = readdirSync(corpusDir, { recursive: true, withFileTypes: true })
  .filter((file) => file.isFile() && /\.(xml|rss|atom|rdf|json)$/i.test(file.name) && !file.parentPath.includes("xss"))
  .slice(0, 300);
const feedIds: string[] = [];
const entryIds: { id: string; cjk: boolean }[] = [];
const now = new Date();
for (const [index, file] of feedFiles.entries()) {
  const url = `https://corpus.example/${index}/${file.name}`;
  const read = engine.readFeed({ body: new Uint8Array(readFileSync(`${file.parentPath}/${file.name}`)), contentType: null, url, known: [], now: Date.now() });
  if (!read.ok || read.entries.length === 0) continue;
  const feedId = ids.next();
  await db.insert(feeds).values({ id: feedId, url, title: read.feed.title, description: read.feed.description, siteUrl: read.feed.siteUrl, language: read.feed.language });
  const rows = read.entries.slice(0, 10).map((entry) => ({ ...entry, content: entry.content ? utf8.decode(entry.content) : null, id: ids.next(), feedId, insertedAt: now, updatedAt: now }));
  await db.insert(entries).values(rows);
  feedIds.push(feedId);
  for (const row of rows) entryIds.push({ id: row.id, cjk: CJK.test(row.title ?? "") });
}
// Titles in Chinese and Japanese (the corpus has few): 40 entries of a feed, each of different characters.
const HANZI = "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接";
const KANA = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんアイウエオカキクケコサシスセソタチツテト";
const cjkFeedId = ids.next();
await db.insert(feeds).values({ id: cjkFeedId, url: "https://cjk.example/feed.xml", title: "海岸时报", description: "北方之光的故事", siteUrl: "https://cjk.example/" });
const cjkRows = Array.from({ length: 40 }, (_, i) => {
  const pick = (pool: string, n: number, seed: number) => Array.from({ length: n }, (_, k) => pool[(seed * 7919 + k * 104729) % pool.length]).join("");
  const title = i % 2 ? `${pick(HANZI, 14, i)}の${pick(KANA, 10, i)}` : `${pick(HANZI, 22, i)}：${pick(HANZI, 8, i + 99)}`;
  return { id: ids.next(), feedId: cjkFeedId, guid: `cjk-${i}`, title, url: `https://cjk.example/${i}`, description: pick(HANZI, 60, i + 500), content: `<p>${pick(HANZI, 200, i + 900)}</p>`, contentHash: `cjk${i}`, publishedAt: new Date(now.getTime() - i * 60_000), insertedAt: now, updatedAt: now };
});
await db.insert(entries).values(cjkRows);
for (const row of cjkRows) entryIds.push({ id: row.id, cjk: true });
const userId = ids.next();
await db.insert(users).values({ id: userId, name: "Bench Reader", email: "bench@example.com", role: "user", handle: "bench", bio: "Reads everything, shares some." });
const listIds: string[] = [];
for (let i = 0; i < 20; i++) {
  const listId = ids.next();
  await db.insert(lists).values({ id: listId, ownerUserId: userId, title: `List ${i}`, description: `Twenty of the corpus's feeds, number ${i}.` });
  await db.insert(listFeeds).values(feedIds.slice(i, i + 20).map((feedId) => ({ listId, feedId })));
  listIds.push(listId);
}
await db.insert(subscriptions).values(feedIds.slice(0, 50).map((feedId) => ({ id: ids.next(), userId, type: "feed" as const, feedId })));
await db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, userId));

// ---- The server ----
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function timed(path: string): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(base + path, { headers: { "accept-encoding": "br, gzip" } });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  return { ms, status: response.status, bytes: body.byteLength };
}
const pick = <T>(items: T[], i: number) => items[i % items.length]!;

console.log(`share bench (${bench.label}): ${feedIds.length} corpus feeds, ${entryIds.length} entries (${entryIds.filter((e) => e.cjk).length} with Chinese/Japanese titles), ${listIds.length} lists; web shell: ${withWebShell ? "built index.html" : "bare (no web build)"}`);

// The very first picture, before any page: a page view starts loading the drawing code.
const first = await timed(`/og/feeds/${feedIds[0]}`);

// ---- 1. Share pages ----
for (let i = 0; i < 30; i++) await timed(`/share/entries/${pick(entryIds, i).id}`); // warm-up
const pages: Record<string, number[]> = { entries: [], feeds: [], lists: [], users: [] };
let pageBytes = 0;
for (let i = 0; i < REQUESTS; i++) {
  const entry = await timed(`/share/entries/${pick(entryIds, i * 7).id}`);
  pages.entries!.push(entry.ms);
  pageBytes += entry.bytes;
  pages.feeds!.push((await timed(`/share/feeds/${pick(feedIds, i)}`)).ms);
  pages.lists!.push((await timed(`/share/lists/${pick(listIds, i)}`)).ms);
  pages.users!.push((await timed(i % 2 ? `/share/users/${userId}` : "/u/bench")).ms);
}
console.log(`share page HTML (target p99 ≤ 50 ms), mean entry page ${(pageBytes / REQUESTS / 1024).toFixed(1)} KB compressed:`);
for (const [kind, times] of Object.entries(pages)) console.log(`  ${kind.padEnd(8)} ${summary(times)}`);
console.log(`  all      ${summary(Object.values(pages).flat())}`);

// ---- 2. Share images ----
const latin = entryIds.filter((e) => !e.cjk);
const cjk = entryIds.filter((e) => e.cjk);
console.log(`share images (target uncached p99 ≤ 200 ms):`);
console.log(`  first of the process (loads satori, resvg, fonts): ${first.ms.toFixed(0)} ms`);
const imageCount = Math.min(REQUESTS, latin.length);
const uncached: number[] = [];
for (let i = 0; i < imageCount; i++) uncached.push((await timed(`/og/entries/${latin[i]!.id}`)).ms);
console.log(`  uncached, Latin titles      ${summary(uncached)}`);
if (cjk.length) {
  const cjkTimes: number[] = [];
  for (const entry of cjk.slice(0, REQUESTS)) cjkTimes.push((await timed(`/og/entries/${entry.id}`)).ms);
  console.log(`  uncached, CJK titles        ${summary(cjkTimes)}`);
}
const kinds: number[] = [];
for (let i = 1; i < Math.min(feedIds.length, 100); i++) kinds.push((await timed(`/og/feeds/${feedIds[i]}`)).ms);
for (const listId of listIds) kinds.push((await timed(`/og/lists/${listId}`)).ms);
kinds.push((await timed(`/og/users/${userId}`)).ms);
console.log(`  uncached, feeds/lists/user  ${summary(kinds)}`);
const cached: number[] = [];
for (let i = 0; i < imageCount; i++) cached.push((await timed(`/og/entries/${latin[i]!.id}`)).ms);
console.log(`  cached                      ${summary(cached)}`);

server.close();
await close();
await database.close();
await bench.drop();
