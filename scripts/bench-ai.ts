// `npm run bench:ai [-- --db embedded|postgres] [--calls N]`: the AI helpers' figures through the
// whole app on a real HTTP server, against a local OpenAI-protocol server: p50/p99 of a stored
// summary and a stored translation, and how long after the provider sends its first token the
// reader's stream receives it (the server's relay: provider → SSE → client).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { createLogger, createServer, loadConfig, migrate, openDatabase, schema } from "@tidings/server";
import { startOpenAiTestServer } from "@tidings/server/testing";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";

const { values } = parseArgs({ options: { db: { type: "string", default: "embedded" }, calls: { type: "string", default: "300" } } });
const CALLS = Number(values.calls);

// The provider sends its first chunk at a known time: each chunk records when it was written.
let firstChunkSentAt = 0;
const provider = await startOpenAiTestServer({
  chunkDelayMs: 20,
  respond: (request) => {
    firstChunkSentAt = 0;
    const user = request.messages.at(-1)!.content;
    // Translations keep their segment markers; summaries are a sentence of several words, streamed in chunks.
    if (request.messages[0]!.content.startsWith("Translate each segment")) return user.replace(/^(?!\[\[\d+\]\])(.+)$/gm, "FR: $1");
    return `A summary of ${user.length} characters, made of several words so that it streams in chunks.`;
  },
});

const bench = await benchDatabase(benchDatabaseKind(values.db, "embedded"), { prefix: "tidings_aibench", maxConnections: 10 });
const database = await openDatabase(bench.source);
await migrate(database.db);
const config = loadConfig({ LOG_LEVEL: "silent", DATA_DIR: "/nonexistent", SCHEDULER: "false", AI_BASE_URL: provider.url, AI_MODEL: "bench-model", AI_DAILY_LIMIT: "0" });
const { root, app, close } = createServer({ config, logger: createLogger({ level: "silent" }), database, authSecret: randomBytes(32).toString("hex") });
const { entries, feeds } = schema;
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
// Requests come from the web app's origin, as a browser's do.
const origin = "http://localhost:3000";

const signUp = await fetch(`${base}/api/better-auth/sign-up/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ email: "bench@example.com", password: "correct horse battery", name: "Bench" }),
});
const cookie = signUp.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");

// Entries with a few paragraphs of article text each.
const feedId = root.ids.next();
await root.db.insert(feeds).values({ id: feedId, url: "https://bench.example/feed.xml", title: "Bench" });
const paragraph = "<p>The council met on Tuesday and voted to reopen the harbour to small boats after a decade of repairs to its walls.</p>";
const now = new Date();
const entryRows = Array.from({ length: CALLS + 20 }, (_, i) => ({
  id: root.ids.next(), feedId, guid: `g${i}`, title: `Entry ${i}`, url: `https://bench.example/${i}`, content: paragraph.repeat(8),
  contentHash: `h${i}`, publishedAt: new Date(now.getTime() - i * 1000), insertedAt: now, updatedAt: now,
}));
await root.db.insert(entries).values(entryRows);
const ids = entryRows.map((row) => row.id);

// Timed requests go over one kept-alive connection, as a browser's do, through node:http (the
// lightest client: what is measured is the server, not the client's fetch machinery).
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path: string) =>
  new Promise<string>((resolve, reject) => {
    const request = http.get(`${base}/api${path}`, { agent, headers: { cookie, origin, "accept-encoding": "gzip, deflate, br" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("latin1");
        if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode} ${text.slice(0, 200)}`));
        else resolve(text);
      });
    });
    request.on("error", reject);
  });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const WARM_UP = 50;
const rows: Record<string, { calls: number; "p50 ms": number; "p99 ms": number; target: string }> = {};
async function measure(name: string, target: string, n: number, run: (i: number) => Promise<number | void>, warmUp = WARM_UP) {
  const times: number[] = [];
  for (let i = 0; i < warmUp; i++) await run(i);
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const own = await run(i);
    times.push(typeof own === "number" ? own : performance.now() - started);
  }
  times.sort((a, b) => a - b);
  rows[name] = { calls: n, "p50 ms": Number(percentile(times, 50).toFixed(1)), "p99 ms": Number(percentile(times, 99).toFixed(1)), target };
}

// Stored first (not timed), then served from the store.
const stored = ids.slice(0, 20);
for (const id of stored) {
  await get(`/ai/summary?id=${id}&language=en`);
  await get(`/ai/translation?id=${id}&language=fr&fields=title,content`);
}
await measure("baseline: GET /ai/settings (session + one read)", "", CALLS, () => get("/ai/settings").then(() => undefined));
await measure("stored summary", "≤ 10 ms p99", CALLS, (i) => get(`/ai/summary?id=${stored[i % stored.length]}&language=en`).then(() => undefined));
await measure("stored translation", "≤ 10 ms p99", CALLS, (i) => get(`/ai/translation?id=${stored[i % stored.length]}&language=fr&fields=title,content`).then(() => undefined));

// First token: the provider's first chunk leaves the test server at t0 (its request log gives
// the time it read the request; the first chunk follows at once), the reader sees it at t1.
const fresh = ids.slice(20);
await measure("first token relayed (provider → reader)", "≤ 150 ms", Math.min(CALLS, 100), async (i) => {
  const response = await fetch(`${base}/api/ai/summary?id=${fresh[i]}&language=en&stream=1`, { headers: { cookie, origin } });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let seenAt = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!seenAt && text.includes("event: delta")) seenAt = Date.now();
  }
  const sentAt = provider.requests.at(-1)!.at;
  if (!seenAt) throw new Error(`no delta in ${text.slice(0, 200)}`);
  return seenAt - sentAt;
}, 0);
void firstChunkSentAt;

console.log(`Node ${process.version}; ${bench.label}; through HTTP on loopback`);
console.table(rows);
await root.db.delete(entries).where(eq(entries.feedId, feedId));
agent.destroy();
server.close();
await provider.close();
await close();
await database.close();
await bench.drop();
