// `npm run bench:web`: the web client's figures on a production build, in Debian's Chromium
// against the real server (embedded database), with 10 000 entries in the Articles view:
//  1. JavaScript transferred for the first timeline load (compressed bytes on the wire),
//  2. time from navigation to the first entry row with a warm local database (median of 7),
//  3. frame times and long tasks while scrolling through all 10 000 entries.
// Targets (issue 5): ≤ 350 KB, ≤ 300 ms, p95 frame ≤ 20 ms with no long task over 100 ms.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "playwright-core";
import { rssDocument } from "./bench/generate-feed.ts";
import { serverMain } from "./server-process.ts";
import { ensureWebBuild, ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";
import { waitForServer } from "./bench/wait-for-server.ts";

const { values } = parseArgs({ options: { feeds: { type: "string" }, items: { type: "string" } } });
// A new subscription brings the feed's 200 newest entries into the timeline: 50 × 200 = 10 000.
const FEEDS = Number(values.feeds ?? 50);
const ITEMS = Number(values.items ?? 200);
const ROW = "[data-entry-id]";
const SCROLLER = `[data-testid="timeline-scroll"]`;
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number) => Math.round(n * 10) / 10;

ensureWebBuild();

// Feeds on loopback: FEEDS × ITEMS entries (a subscription backfills at most 200 per feed).
const documents = Array.from({ length: FEEDS }, (_, i) =>
  rssDocument({ items: ITEMS, seed: i + 1, title: `Bench feed ${i + 1}`, site: `https://bench${i + 1}.example`, first: Date.now() - 400 * 86_400_000, gapMinutes: 60 * 12 + i }),
);
const feedServer = createServer((request, response) => {
  const index = Number(/^\/feed-(\d+)\.xml$/.exec(request.url ?? "")?.[1]);
  const body = documents[index];
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "application/rss+xml" }).end(body);
});
await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
const feedPort = (feedServer.address() as AddressInfo).port;

const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-web-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain()], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production", PRIVATE_NETWORKS_FOR: "everyone", SCHEDULER: "false" },
  stdio: ["ignore", "inherit", "inherit"],
});
const cleanup = async () => {
  server.kill("SIGTERM");
  feedServer.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
};

try {
  await waitForServer(base);
  const signUp = await fetch(`${base}/api/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "bench@example.com", password: "correct horse battery", name: "Bench Reader" }),
  });
  const cookie = (signUp.headers.getSetCookie()[0] ?? "").split(";")[0]!;
  const [cookieName, cookieValue] = cookie.split("=") as [string, string];
  const seedStarted = performance.now();
  for (let i = 0; i < FEEDS; i++) {
    const response = await fetch(`${base}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: base },
      body: JSON.stringify({ url: `http://127.0.0.1:${feedPort}/feed-${i}.xml`, view: 0 }),
    });
    if (!response.ok) throw new Error(`subscribe failed: ${response.status} ${await response.text()}`);
  }
  const counts = (await (await fetch(`${base}/api/reads`, { headers: { cookie } })).json()) as { data: Record<string, number> };
  const total = Object.values(counts.data).reduce((a, b) => a + b, 0);
  console.log(`seeded ${FEEDS} feeds, ${total} unread entries in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: cookieName, value: cookieValue, url: base }]);
  await context.addInitScript(() => {
    const w = window as unknown as { __firstRow?: number };
    const check = () => {
      if (w.__firstRow === undefined && document.querySelector("[data-entry-id]")) w.__firstRow = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  });

  // 1. First load, cold: JavaScript bytes on the wire until the first row shows.
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const scripts = new Map<string, { url: string; bytes: number }>();
  cdp.on("Network.responseReceived", (event) => {
    if (event.type === "Script") scripts.set(event.requestId, { url: event.response.url, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const script = scripts.get(event.requestId);
    if (script) script.bytes = event.encodedDataLength;
  });
  await page.goto("/timeline/view-0/all");
  await page.waitForSelector(ROW, { timeout: 30_000 });
  await page.waitForTimeout(300);
  const jsBytes = [...scripts.values()].reduce((sum, s) => sum + s.bytes, 0);
  const coldFirstRow = await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
  console.log(`first load: ${scripts.size} scripts, ${round(jsBytes / 1024)} KB of JavaScript transferred; first row at ${Math.round(coldFirstRow)} ms (cold)`);
  for (const s of [...scripts.values()].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${round(s.bytes / 1024)} KB  ${new URL(s.url).pathname}`);

  // 2. Warm: the local database and HTTP cache hold what the last visit saw.
  await page.waitForTimeout(1500);
  const warm: number[] = [];
  for (let i = 0; i < 7; i++) {
    await page.goto("/timeline/view-0/all");
    await page.waitForSelector(ROW);
    warm.push(await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow));
  }
  console.log(`warm first row: median ${Math.round(percentile(warm, 50))} ms (runs: ${warm.map(Math.round).join(", ")})`);

  // 3. Scroll through every entry, recording frame times and long tasks.
  const scroll = await scrollAll(page, total);
  console.log(
    `scroll: ${scroll.rows} rows in ${round(scroll.seconds)} s, ${scroll.frames} frames; frame p50 ${round(scroll.p50)} ms, p95 ${round(scroll.p95)} ms, p99 ${round(scroll.p99)} ms; long tasks: ${scroll.longTasks} (max ${Math.round(scroll.maxLongTask)} ms)`,
  );
  await browser.close();
} finally {
  await cleanup();
}

async function scrollAll(page: Page, total: number) {
  return page.evaluate(
    async ({ total, scrollerSelector, rowSelector }) => {
      const scroller = document.querySelector<HTMLElement>(scrollerSelector);
      if (!scroller) throw new Error(`no ${scrollerSelector}`);
      const longTasks: number[] = [];
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration))).observe({ type: "longtask", buffered: false });
      const frames: number[] = [];
      const seen = new Set<string>();
      const started = performance.now();
      let last = performance.now();
      let stalled = 0;
      await new Promise<void>((resolve) => {
        const step = (now: number) => {
          frames.push(now - last);
          last = now;
          for (const row of scroller.querySelectorAll<HTMLElement>(rowSelector)) seen.add(row.dataset.entryId!);
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
          if (seen.size >= total || (atEnd && ++stalled > 600) || now - started > 600_000) return resolve();
          if (!atEnd) stalled = 0;
          // 120 px a frame (~8 screens a second): a fast fling, sustained, that keeps paging in.
          scroller.scrollTop += 120;
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      const sorted = frames.slice(1).sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      return {
        rows: seen.size,
        seconds: (performance.now() - started) / 1000,
        frames: sorted.length,
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        longTasks: longTasks.length,
        maxLongTask: Math.max(0, ...longTasks),
      };
    },
    { total, scrollerSelector: SCROLLER, rowSelector: ROW },
  );
}
