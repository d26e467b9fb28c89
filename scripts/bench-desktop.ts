// `npm run bench:desktop`: the desktop shell's start and memory, on its Chromium app-mode host
// (the Electron host is the same shell; Electron's binary cannot be downloaded here), against the
// real server (embedded database) with a reader following 20 feeds:
//  1. time from the shell's start to the first timeline row, signed in, warm profile (median of 5);
//  2. the same in plain Chromium with a warm profile, without the shell (what the shell adds);
//  3. memory with the timeline shown: the window's Chromium processes (RSS and PSS, summed) and
//     the shell's own process (Node here, Electron's main process in the app).
// Headed under Xvfb when DISPLAY is set, else headless.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createChromiumHost, createShell } from "@tidings/desktop";
import { chromium, type Page } from "playwright-core";
import { rssDocument } from "./bench/generate-feed.ts";
import { waitForServer } from "./bench/wait-for-server.ts";
import { serverMain } from "./server-process.ts";
import { ensureWebBuild, ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";

const FEEDS = 20;
const RUNS = 5;
const ROW = "[data-entry-id]";

/** Resident and proportional memory (KB) of every process whose command line mentions `marker`. */
function processMemory(marker: string): { processes: number; rssKb: number; pssKb: number } {
  let processes = 0;
  let rssKb = 0;
  let pssKb = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker)) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      rssKb += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pssKb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      processes += 1;
    } catch {
      // the process ended meanwhile
    }
  }
  return { processes, rssKb, pssKb };
}

/**
 * When the first timeline row appeared, by the page's clock (epoch ms), asked every 25 ms: waiting
 * on the page's animation frames would measure their throttling in a window not in front.
 */
async function firstRowAt(page: Page): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const at = await page.evaluate((row) => (document.querySelector(row) ? performance.timeOrigin + performance.now() : null), ROW).catch(() => null);
    if (at !== null) return at;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no timeline row within 60 s");
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

ensureWebBuild();
const documents = Array.from({ length: FEEDS }, (_, i) =>
  rssDocument({ items: 50, seed: i + 1, title: `Desk feed ${i + 1}`, site: `https://desk${i + 1}.example`, first: Date.now() - 30 * 86_400_000, gapMinutes: 600 + i }),
);
const feedServer = createServer((request, response) => {
  const body = documents[Number(/^\/feed-(\d+)\.xml$/.exec(request.url ?? "")?.[1])];
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "application/rss+xml" }).end(body);
});
await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
const feedPort = (feedServer.address() as AddressInfo).port;

const serverData = await mkdtemp(path.join(tmpdir(), "tidings-bench-desktop-server-"));
const shellData = await mkdtemp(path.join(tmpdir(), "tidings-bench-desktop-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain()], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), WEB_URL: base, DATA_DIR: serverData, LOG_LEVEL: "warn", NODE_ENV: "production", PRIVATE_NETWORKS_FOR: "everyone", SCHEDULER: "false" },
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  await waitForServer(base);
  const signUp = await fetch(`${base}/api/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "desk@example.com", password: "correct horse battery", name: "Desk Reader" }),
  });
  const cookie = (signUp.headers.getSetCookie()[0] ?? "").split(";")[0]!;
  const { user } = (await signUp.json()) as { user: { id: string } };
  for (let i = 0; i < FEEDS; i++) {
    const response = await fetch(`${base}/api/subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: base },
      body: JSON.stringify({ url: `http://127.0.0.1:${feedPort}/feed-${i}.xml`, view: 0 }),
    });
    if (!response.ok) throw new Error(`subscribe failed: ${response.status}`);
  }

  const options = {
    dataDir: shellData,
    version: "0.5.0",
    server: { execPath: process.execPath, entry: path.join(ROOT, "scripts/start.ts") },
    openExternal: async () => undefined,
    notify: async () => undefined,
  };
  // First run: the server is chosen and the session cookie set, as after a sign-in.
  {
    const host = createChromiumHost(options);
    const shell = createShell(host);
    await shell.start();
    await host.page().getByLabel("Server address").fill(base);
    await host.page().getByRole("button", { name: "Connect" }).click();
    await host.page().waitForURL("**/login");
    const [name, value] = cookie.split("=") as [string, string];
    await host.context().addCookies([{ name, value, url: base, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
    await host.page().evaluate((key) => localStorage.setItem(key, "done"), `tidings:onboarding:${user.id}`);
    await host.load(`${base}/timeline/view-0/all`);
    await host.page().waitForSelector(ROW, { timeout: 60_000 });
    await host.page().waitForTimeout(2_000);
    await shell.stop();
    await host.quit();
  }

  const starts: number[] = [];
  let memory = { processes: 0, rssKb: 0, pssKb: 0 };
  let shellRssKb = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = Date.now();
    const host = createChromiumHost(options);
    const shell = createShell(host);
    await shell.start();
    starts.push((await firstRowAt(host.page())) - started);
    if (run === RUNS - 1) {
      await host.page().waitForTimeout(3_000);
      memory = processMemory(path.join(shellData, "chromium-profile"));
      shellRssKb = process.memoryUsage().rss / 1024;
    }
    await shell.stop();
    await host.quit();
  }
  // The same page in plain Chromium with a warm profile of its own, without the shell: what the shell adds.
  const plainProfile = path.join(shellData, "plain-profile");
  const plain: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = Date.now();
    const context = await chromium.launchPersistentContext(plainProfile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: !process.env.DISPLAY,
      viewport: null,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--window-size=1200,800"],
    });
    if (run === 0) {
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: base, expires: Math.floor(Date.now() / 1000) + 86_400 }]);
      await context.addInitScript((key) => localStorage.setItem(key, "done"), `tidings:onboarding:${user.id}`);
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/timeline/view-0/all`);
    const at = await firstRowAt(page);
    // The first launch fills the profile (the shell's first run did the same).
    if (run > 0) plain.push(at - started);
    else await page.waitForTimeout(2_000);
    await context.close();
  }
  console.log(`start to first timeline row: median ${Math.round(median(starts))} ms (runs: ${starts.map((ms) => Math.round(ms)).join(", ")} ms)`);
  console.log(`the same page in plain Chromium (no shell): median ${Math.round(median(plain))} ms`);
  console.log(`memory with the timeline shown: ${memory.processes} Chromium processes, RSS ${mb(memory.rssKb)} summed, PSS ${mb(memory.pssKb)}; the shell's process ${mb(shellRssKb)}`);
} finally {
  server.kill("SIGTERM");
  feedServer.close();
  await rm(serverData, { recursive: true, force: true }).catch(() => undefined);
  await rm(shellData, { recursive: true, force: true }).catch(() => undefined);
}
