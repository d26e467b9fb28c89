// `npm run bench:image [-- --images N] [--rounds N] [--db postgres|embedded]`: the image proxy
// through the real server. It starts `@tidings/server/main` over a temporary data directory (on a
// PostgreSQL database by DATABASE_URL by default, bench/bench-database.ts's; `--db embedded`: its
// own embedded PostgreSQL, whose processes the memory figures leave out) and a local origin that
// serves N (100) distinct pictures (photos as JPEG up to 2400 px, PNG, WebP, an animated GIF and
// SVG, ~150 KB-1 MB each), then
//   1. asks for all N 600 px thumbnails at once (cold: fetched, decoded, resized, stored) while
//      sampling the server process's resident memory (and reads its peak, VmHWM, at the end);
//   2. asks for the cached thumbnails `rounds` times over, one request at a time and then 16 at
//      a time, and reports the latency percentiles.
// Targets (issue 14 §3): cached thumbnail p99 ≤ 10 ms; N = 100 cold thumbnails under 300 MB RSS.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";
import { freePort } from "@tidings/server/testing";
import { START_ENV, serverMain, startNodeFlags } from "./server-process.ts";
import { ROOT } from "./web-build.ts";
import { waitForServer } from "./bench/wait-for-server.ts";

const { values } = parseArgs({
  options: { images: { type: "string", default: "100" }, rounds: { type: "string", default: "20" }, db: { type: "string", default: "postgres" } },
});
const IMAGES = Number(values.images);
const ROUNDS = Number(values.rounds);
const P99_TARGET_MS = 10;
const RSS_TARGET_MB = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A photo-like picture: smooth noise (it compresses like a photo, not like a flat colour). */
function photo(width: number, height: number, seed: number) {
  return sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 100 + (seed % 5) * 20, sigma: 60 } } })
    .blur(1.2)
    .modulate({ hue: seed * 37 });
}

console.log("preparing pictures…");
const originals: { type: string; body: Buffer }[] = [
  { type: "image/jpeg", body: await photo(1600, 1067, 1).jpeg({ quality: 82 }).toBuffer() },
  { type: "image/jpeg", body: await photo(2400, 1600, 2).jpeg({ quality: 80 }).toBuffer() },
  { type: "image/jpeg", body: await photo(1080, 1350, 3).jpeg({ quality: 85 }).toBuffer() },
  { type: "image/png", body: await photo(1200, 800, 4).png({ compressionLevel: 6 }).toBuffer() },
  { type: "image/webp", body: await photo(1280, 720, 5).webp({ quality: 80 }).toBuffer() },
  {
    type: "image/gif",
    body: await sharp(await Promise.all([0, 1, 2, 3, 4, 5].map((i) => photo(480, 270, 6 + i).png().toBuffer())), { join: { animated: true } })
      .gif({ delay: 80 })
      .toBuffer(),
  },
  {
    type: "image/svg+xml",
    body: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><defs><linearGradient id="g"><stop offset="0" stop-color="#f97316"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>${Array.from({ length: 60 }, (_, i) => `<circle cx="${(i * 97) % 1200}" cy="${(i * 53) % 630}" r="${10 + (i % 7) * 9}" fill="#fff" fill-opacity="0.3"/>`).join("")}</svg>`,
    ),
  },
];
for (const original of originals) console.log(`  ${original.type.padEnd(14)} ${Math.round(original.body.length / 1024)} KB`);

// The origin: /img/<n> answers picture n % originals; every n is another URL, so another image to the proxy.
const origin = createServer((request, response) => {
  const n = Number(/^\/img\/(\d+)/.exec(request.url ?? "")?.[1] ?? NaN);
  const picture = originals[n % originals.length];
  if (!picture) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": picture.type, "content-length": picture.body.length }).end(picture.body);
});
await new Promise<void>((resolve) => origin.listen(0, "127.0.0.1", resolve));
const originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;

const database = benchDatabaseKind(values.db, "postgres") === "postgres" ? await benchDatabase("postgres", { prefix: "tidings_imagebench", maxConnections: 10 }) : null;
const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-image-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...startNodeFlags(), serverMain()], {
  cwd: ROOT,
  env: {
    // As `npm start` runs it (its allocator settings), unless the caller set their own.
    ...START_ENV,
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(database?.source.kind === "postgres" ? { DATABASE_URL: database.source.url } : {}),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    SCHEDULER: "false",
    // The origin is on loopback; nothing else is fetched. The bench asks without a session, so
    // the loopback address is shared with everyone (as the end-to-end tests' servers do).
    PRIVATE_NETWORKS_FOR: "everyone",
    SHARED_PRIVATE_ADDRESSES: "127.0.0.1",
    IMAGE_PROXY_PER_HOUR: "0",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

/** The server process's resident memory now and at its peak (Linux /proc). */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

const thumbnail = (n: number) => `${base}/api/image?url=${encodeURIComponent(`${originUrl}/img/${n}`)}&w=600`;

async function get(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.arrayBuffer();
  if (response.status !== 200 || body.byteLength === 0) throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return performance.now() - started;
}

function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p90: at(90), p99: at(99), max: sorted.at(-1)! };
}
const ms = (value: number) => `${value.toFixed(2)} ms`;

try {
  await waitForServer(base);
  await sleep(500);
  const idle = memory();
  console.log(`server idle: ${mb(idle.rss)} RSS (peak so far ${mb(idle.peak)})`);

  // 1. Cold: every thumbnail at once.
  let sampledPeak = idle.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memory().rss);
  }, 10);
  const coldStarted = performance.now();
  const cold = await Promise.all(Array.from({ length: IMAGES }, (_, n) => get(thumbnail(n))));
  const coldMs = performance.now() - coldStarted;
  clearInterval(sampler);
  const afterCold = memory();
  // VmHWM counts only when the burst raised it (start-up, migrations included, may have peaked higher).
  const coldPeak = Math.max(sampledPeak, afterCold.peak > idle.peak ? afterCold.peak : 0);
  const coldStats = percentiles(cold);
  console.log(
    `cold: ${IMAGES} thumbnails at once in ${(coldMs / 1000).toFixed(2)} s (each ${ms(coldStats.p50)} median, ${ms(coldStats.max)} slowest); ` +
      `server RSS peak ${mb(coldPeak)} (${mb(coldPeak - idle.rss)} over idle; sampled ${mb(sampledPeak)}, VmHWM ${afterCold.peak > idle.peak ? mb(afterCold.peak) : "from start-up"}), ${mb(afterCold.rss)} after`,
  );

  // 2. Cached: one at a time, then 16 at a time.
  for (let n = 0; n < IMAGES; n++) await get(thumbnail(n)); // warm the connection and the page cache
  const sequential: number[] = [];
  for (let round = 0; round < ROUNDS; round++) for (let n = 0; n < IMAGES; n++) sequential.push(await get(thumbnail(n)));
  const one = percentiles(sequential);
  console.log(`cached thumbnails, one at a time: ${sequential.length} requests, p50 ${ms(one.p50)}, p90 ${ms(one.p90)}, p99 ${ms(one.p99)}, max ${ms(one.max)}`);
  const health: number[] = [];
  for (let i = 0; i < ROUNDS * IMAGES; i++) health.push(await get(`${base}/api/health`));
  const healthOne = percentiles(health);
  console.log(`GET /api/health (for comparison), one at a time: p50 ${ms(healthOne.p50)}, p90 ${ms(healthOne.p90)}, p99 ${ms(healthOne.p99)}, max ${ms(healthOne.max)}`);
  // 16 at a time, and for comparison the cheapest API call (GET /health) the same way: at this
  // concurrency the time is mostly queueing behind the server's (and this client's) per-request work.
  const sixteenAtOnce = async (label: string, url: (n: number) => string) => {
    const times: number[] = [];
    const queue = Array.from({ length: ROUNDS * IMAGES }, (_, i) => i % IMAGES);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let n = queue.pop(); n !== undefined; n = queue.pop()) times.push(await get(url(n)));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const stats = percentiles(times);
    console.log(
      `${label}, 16 at a time: ${times.length} requests in ${seconds.toFixed(2)} s (${Math.round(times.length / seconds)}/s), ` +
        `p50 ${ms(stats.p50)}, p90 ${ms(stats.p90)}, p99 ${ms(stats.p99)}, max ${ms(stats.max)}`,
    );
  };
  await sixteenAtOnce("cached thumbnails", thumbnail);
  await sixteenAtOnce("GET /api/health (for comparison)", () => `${base}/api/health`);
  console.log(`server RSS at the end: ${mb(memory().rss)}`);

  const failures: string[] = [];
  if (one.p99 > P99_TARGET_MS) failures.push(`cached p99 ${ms(one.p99)} > ${P99_TARGET_MS} ms`);
  if (coldPeak > RSS_TARGET_MB * 1024 * 1024) failures.push(`RSS peak ${mb(coldPeak)} > ${RSS_TARGET_MB} MB`);
  if (failures.length) {
    console.log(`FAIL: ${failures.join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log(`OK: cached p99 within ${P99_TARGET_MS} ms, ${IMAGES} cold thumbnails within ${RSS_TARGET_MB} MB RSS`);
  }
} finally {
  server.kill("SIGTERM");
  if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
  origin.close();
  await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  await database?.drop();
}
