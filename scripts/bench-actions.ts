// `npm run bench:actions [-- --db embedded|postgres] [--entries N]`: Actions' figures.
// 1. Rules evaluated per entry: 100 rules of every kind (text, regular expressions, numbers,
//    views) matched against real feed entries of the corpus (their sanitised content), per entry.
// 2. Webhook delay: a rule with a webhook to a local receiver; entries arrive through an inbox
//    (the path that commits and wakes the sender); the delay from the arrival's answer to the
//    receiver's request, p50/p99/max.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import type { ActionRule } from "@tidings/contracts";
import { type ActionSubject, compileRules, createLogger, createServer, engine, loadConfig, migrate, openDatabase } from "@tidings/server";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";

/** A read entry's content comes as UTF-8 bytes. */
const utf8 = new TextDecoder();

const { values } = parseArgs({ options: { db: { type: "string", default: "embedded" }, entries: { type: "string", default: "300" } } });
const ENTRIES = Number(values.entries);
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

// ---- 1. Rules per entry ----
const corpusDir = new URL("../../shared/corpus/", import.meta.url);
const subjects: ActionSubject[] = [];
const feedFiles = readdirSync(corpusDir, { recursive: true, withFileTypes: true })
  .filter((file) => file.isFile() && /\.(xml|rss|atom|rdf|json)$/i.test(file.name) && !file.parentPath.includes("xss"))
  .slice(0, 400);
for (const file of feedFiles) {
  const path = `${file.parentPath}/${file.name}`;
  const read = engine.readFeed({ body: new Uint8Array(readFileSync(path)), contentType: null, url: "https://corpus.example/feed.xml", known: [], now: Date.now() });
  if (!read.ok) continue;
  for (const entry of read.entries.slice(0, 20)) {
    subjects.push({
      view: subjects.length % 6,
      feedTitle: read.feed.title ?? null,
      category: subjects.length % 3 === 0 ? "Tech" : null,
      siteUrl: read.feed.siteUrl ?? null,
      feedUrl: "https://corpus.example/feed.xml",
      entryTitle: entry.title ?? null,
      entryContent: entry.content ? utf8.decode(entry.content) : null,
      entryUrl: entry.url ?? null,
      entryAuthor: entry.author ?? null,
      mediaLength: entry.media?.length ?? 0,
      publishedAt: entry.publishedAt,
    });
  }
}
const words = ["release", "security", "podcast", "video", "sponsored", "rust", "election", "weather", "review", "tutorial"];
const rules: ActionRule[] = Array.from({ length: 100 }, (_, i) => {
  const word = `${words[i % words.length]}${i >= words.length ? i : ""}`;
  const kinds: ActionRule["condition"][] = [
    [[{ field: "entry_title", operator: "contains", value: word }]],
    [[{ field: "entry_content", operator: "contains", value: word }, { field: "view", operator: "eq", value: String(i % 6) }]],
    [[{ field: "entry_title", operator: "regex", value: `\\b${word}\\b|^\\[${i}\\]` }]],
    [[{ field: "entry_content", operator: "regex", value: `(?:${word})s?\\s+\\d+` }]],
    [[{ field: "feed_url", operator: "eq", value: `https://feed${i}.example/rss` }], [{ field: "entry_author", operator: "not_contains", value: word }, { field: "entry_media_length", operator: "gt", value: "3" }]],
    [[{ field: "entry_age_hours", operator: "lt", value: String(i) }, { field: "category", operator: "eq", value: "Tech" }]],
  ];
  return { name: `Rule ${i}`, condition: kinds[i % kinds.length]!, result: i % 2 ? { star: true } : { rewriteRules: [{ from: word, to: word.toUpperCase() }] } };
});
const compiled = await compileRules(rules);
const now = Date.now();
for (let i = 0; i < Math.min(subjects.length, 200); i++) compiled.match(subjects[i]!, now); // warm-up
const times: number[] = [];
let matched = 0;
for (let round = 0; round < 3; round++) {
  for (const subject of subjects) {
    // Each entry is new to the engine: its lower-cased and stripped texts are made on first use.
    const fresh = { ...subject };
    const started = performance.now();
    if (compiled.match(fresh, now)) matched++;
    times.push(performance.now() - started);
  }
}
times.sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
const avgContent = subjects.reduce((sum, s) => sum + (s.entryContent?.length ?? 0), 0) / subjects.length;
console.log(`rules per entry: 100 rules on ${subjects.length} corpus entries (mean content ${Math.round(avgContent)} chars, ${feedFiles.length} feeds), ${matched / 3} matched`);
console.log(`  mean ${(mean * 1000).toFixed(1)} µs, p50 ${(quantile(times, 0.5) * 1000).toFixed(1)} µs, p99 ${(quantile(times, 0.99) * 1000).toFixed(1)} µs, max ${(times.at(-1)! * 1000).toFixed(1)} µs`);

// ---- 2. Webhook delay after ingestion ----
const receivedAt = new Map<string, number>();
const receiver = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    const guid = (JSON.parse(body) as { entry: { title: string } }).entry.title;
    if (!receivedAt.has(guid)) receivedAt.set(guid, performance.now());
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const bench = await benchDatabase(benchDatabaseKind(values.db, "embedded"), { prefix: "tidings_actionsbench", maxConnections: 10 });
const database = await openDatabase(bench.source);
await migrate(database.db);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false", PRIVATE_NETWORKS_FOR: "everyone" });
const { root, app, close } = createServer({ config, logger: createLogger({ level: "silent" }), database, authSecret: randomBytes(32).toString("hex") });
root.webhookSender.start();
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const origin = "http://localhost:3000";
const signUp = await fetch(`${base}/api/better-auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ email: "bench@example.com", password: "correct horse battery", name: "Bench" }),
});
const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}/api${path}`, { method, headers: { "content-type": "application/json", origin, cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as { code: number; data: unknown };
  if (json.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`);
  return json.data;
};
// The reader's 100 rules, the last of which calls the webhook for every entry.
await call("PUT", "/actions", { rules: [...rules.slice(0, 99), { name: "Hook", condition: [], result: { webhooks: [hookUrl] } }] });
const inbox = (await call("POST", "/inboxes", { handle: "bench", title: "Bench" })) as { secret: string };
const arrivedAt = new Map<string, number>();
const send = async (i: number) => {
  const guid = `entry-${i}`;
  const response = await fetch(`${base}/api/inboxes/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "X-Follow-Handle": "bench", "X-Follow-Secret": inbox.secret },
    body: JSON.stringify({ guid, title: guid, publishedAt: new Date().toISOString(), content: `<p>Entry ${i} of the bench.</p>` }),
  });
  if (!response.ok) throw new Error(`inbox: ${response.status}`);
  arrivedAt.set(guid, performance.now());
};
// Arrivals one at a time, then in bursts of 20 at once (as a refresh delivers many entries).
const started = performance.now();
for (let i = 0; i < ENTRIES / 2; i++) await send(i);
for (let i = ENTRIES / 2; i < ENTRIES; i += 20) await Promise.all(Array.from({ length: Math.min(20, ENTRIES - i) }, (_, j) => send(i + j)));
const deadline = performance.now() + 60_000;
while (receivedAt.size < ENTRIES && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
const delays = [...arrivedAt].map(([guid, at]) => (receivedAt.get(guid) ?? Infinity) - at).sort((a, b) => a - b);
console.log(`webhook delay after ingestion (${bench.label}): ${ENTRIES} entries in ${((performance.now() - started) / 1000).toFixed(1)} s, ${receivedAt.size} delivered`);
console.log(`  p50 ${quantile(delays, 0.5).toFixed(0)} ms, p99 ${quantile(delays, 0.99).toFixed(0)} ms, max ${delays.at(-1)!.toFixed(0)} ms (a delivery sent before the arrival's answer counts as 0 ms or less)`);

await root.webhookSender.stop();
server.close();
receiver.close();
await close();
await database.close();
await bench.drop();
