// `npm run bench:follow`: the figures of following and finding, on the embedded database against
// feeds served from loopback:
//  1. an OPML file of 500 feeds in 10 folders: time of the import request, then time until every
//     feed is followed AND fetched (each shows unread entries), through the real scheduler;
//  2. search latency: the API (`GET /search`, p50/p99 over varied queries) and as the reader sees
//     it in Chromium: from the query typed into the Ctrl+K palette to the first result on screen
//     (local) and to the full-text results shown (server, including the palette's typing pause).
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { rssDocument } from "./bench/generate-feed.ts";
import { serverMain } from "./server-process.ts";
import { ensureWebBuild, ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";
import { waitForServer } from "./bench/wait-for-server.ts";

const { values } = parseArgs({ options: { feeds: { type: "string" }, items: { type: "string" } } });
const FEEDS = Number(values.feeds ?? 500);
const ITEMS = Number(values.items ?? 20);
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const QUERIES = ["river", "garden coffee", "mountain -city", '"morning evening"', "scien", "travel OR music", "network release", "histo", "paper market", "light"];

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

ensureWebBuild();

const documents = Array.from({ length: FEEDS }, (_, i) =>
  rssDocument({ items: ITEMS, seed: i + 1, title: `Follow bench ${i + 1}`, site: `https://follow${i + 1}.example`, first: Date.now() - 30 * 86_400_000, gapMinutes: 60 * 24 + i }),
);
let feedRequests = 0;
const feedServer = createServer((request, response) => {
  const index = Number(/^\/feed-(\d+)\.xml$/.exec(request.url ?? "")?.[1]);
  const body = documents[index];
  if (body === undefined) return void response.writeHead(404).end();
  feedRequests++;
  response.writeHead(200, { "content-type": "application/rss+xml" }).end(body);
});
await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
const feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;

const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-follow-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain()], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", PRIVATE_NETWORKS_FOR: "everyone" },
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  await waitForServer(base);
  const signUp = await fetch(`${base}/api/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "follow-bench@example.com", password: "correct horse battery", name: "Bench Reader" }),
  });
  const cookie = (signUp.headers.getSetCookie()[0] ?? "").split(";")[0]!;
  const headers = { cookie, origin: base };

  // 1. OPML import of FEEDS feeds in 10 folders.
  const outlines = Array.from({ length: 10 }, (_, folder) => {
    const feeds = documents
      .map((_, i) => i)
      .filter((i) => i % 10 === folder)
      .map((i) => `<outline type="rss" text="Follow bench ${i + 1}" xmlUrl="${feedBase}/feed-${i}.xml" htmlUrl="https://follow${i + 1}.example"/>`);
    return `<outline text="Folder ${folder + 1}">${feeds.join("")}</outline>`;
  });
  const opml = `<?xml version="1.0" encoding="UTF-8"?><opml version="2.0"><head><title>bench</title></head><body>${outlines.join("")}</body></opml>`;
  const form = new FormData();
  form.set("file", new Blob([opml], { type: "text/x-opml" }), "subscriptions.opml");
  const started = performance.now();
  const imported = await fetch(`${base}/api/subscriptions/import`, { method: "POST", headers, body: form });
  const answer = (await imported.json()) as { data: { successfulItems: unknown[]; conflictItems: unknown[]; parsedErrorItems: unknown[] } };
  const requestMs = performance.now() - started;
  if (!imported.ok) throw new Error(`import failed: ${imported.status} ${JSON.stringify(answer)}`);
  console.log(
    `OPML import of ${FEEDS} feeds: answered in ${Math.round(requestMs)} ms (${answer.data.successfulItems.length} followed, ${answer.data.conflictItems.length} already, ${answer.data.parsedErrorItems.length} errors)`,
  );
  let fetched = 0;
  while (performance.now() - started < 600_000) {
    const counts = (await (await fetch(`${base}/api/reads?view=0`, { headers })).json()) as { data: Record<string, number> };
    fetched = Object.values(counts.data).filter((count) => count > 0).length;
    if (fetched >= FEEDS) break;
    await sleep(100);
  }
  const allMs = performance.now() - started;
  console.log(`every feed followed and fetched (${fetched}/${FEEDS}, ${feedRequests} feed requests) ${round(allMs / 1000)} s after submitting`);

  // 2a. Search through the API.
  const apiTimes: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    for (const q of QUERIES) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/search?${new URLSearchParams({ q, limit: "20" })}`, { headers });
      await response.json();
      apiTimes.push(performance.now() - t0);
    }
  }
  console.log(`GET /search over ${FEEDS * ITEMS} entries: p50 ${round(percentile(apiTimes, 50))} ms, p99 ${round(percentile(apiTimes, 99))} ms (${apiTimes.length} queries)`);

  // 2b. Search as the reader sees it, in the palette.
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  await page.goto("/timeline/view-0/all");
  await page.waitForSelector("[data-entry-id]", { timeout: 60_000 });
  await page.waitForTimeout(1500);
  const local: number[] = [];
  const full: number[] = [];
  for (const q of QUERIES) {
    await page.keyboard.press("Control+k");
    await page.waitForSelector('[data-testid="search-input"]');
    const times = await page.evaluate(async (query) => {
      const input = document.querySelector<HTMLInputElement>('[data-testid="search-input"]')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
      const t0 = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      let first = -1;
      let settled = -1;
      // Settled: the spinner is gone and results (or the empty state) show.
      while (performance.now() - t0 < 10_000) {
        await new Promise(requestAnimationFrame);
        const now = performance.now() - t0;
        if (first < 0 && document.querySelector('[role="option"], [data-testid="search-empty"]')) first = now;
        const spinning = document.querySelector('[data-testid="search-palette"] .animate-spin');
        if (first >= 0 && !spinning && now > 160) {
          settled = now;
          break;
        }
      }
      return { first, settled };
    }, q);
    local.push(times.first);
    full.push(times.settled);
    await page.keyboard.press("Escape");
    await page.waitForTimeout(200);
  }
  console.log(
    `search in the palette: first result on screen p50 ${Math.round(percentile(local, 50))} ms (max ${Math.round(Math.max(...local))}); full-text results shown p50 ${Math.round(percentile(full, 50))} ms, max ${Math.round(Math.max(...full))} ms (typing pause of 150 ms included)`,
  );
  await browser.close();
} finally {
  server.kill("SIGTERM");
  feedServer.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
}
