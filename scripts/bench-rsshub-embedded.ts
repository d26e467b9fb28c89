// `npm run bench:rsshub-embedded [-- --version 1.0.0-master.6a664a8] [--runs 3] [--keep]`: what
// running RSSHub inside the server from its npm package would cost, to decide whether to embed it
// as the default instance (issue: RSSHub). Installs the package into a temporary directory (the
// npm registry must be reachable; browser downloads skipped; two GitHub-hosted dependencies of an
// old parser pinned to their registry releases), then starts it in a fresh Node process `runs`
// times and reports the medians:
// - install: time, node_modules size, packages;
// - start: time to `init()`, to the first route catalogue (/api/namespace), to a first route
//   that needs no network (/test/1);
// - memory: resident set after start and after 20 more requests.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({ options: { version: { type: "string", default: "1.0.0-master.6a664a8" }, runs: { type: "string", default: "3" }, keep: { type: "boolean", default: false } } });
const dir = mkdtempSync(path.join(tmpdir(), "tidings-rsshub-embedded-"));
const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true, type: "module", overrides: { difflib: "0.2.4", "browser-request": "0.3.3" } }));
const env = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1", PUPPETEER_SKIP_CHROMIUM_DOWNLOAD: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const started = performance.now();
const install = spawnSync("npm", ["install", `rsshub@${values.version}`, "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: dir, env, encoding: "utf8" });
const installSeconds = (performance.now() - started) / 1000;
if (install.status !== 0) {
  console.error(install.stderr.slice(-2000));
  throw new Error(`npm install rsshub@${values.version} failed`);
}
const sizeMb = Number(execFileSync("du", ["-sk", path.join(dir, "node_modules")], { encoding: "utf8" }).split("\t")[0]) / 1024;
const packages = Number(/added (\d+) packages/.exec(install.stdout)?.[1] ?? readdirSync(path.join(dir, "node_modules")).length);

// One measured start, in its own process: the package replaces globals and patches http.
writeFileSync(
  path.join(dir, "probe.mjs"),
  `process.env.NO_LOGFILES = "true"; process.env.LOGGER_LEVEL = "error";
const mb = () => Math.round(process.memoryUsage().rss / 1048576);
const { init, request } = await import("rsshub");
await init({ NO_LOGFILES: "true", LOGGER_LEVEL: "error", CACHE_TYPE: "memory" });
const initMs = performance.now();
const catalogue = await request("/api/namespace");
const catalogueMs = performance.now();
await request("/test/1");
const routeMs = performance.now();
const rssStart = mb();
for (let i = 0; i < 20; i++) await request(i % 2 ? "/api/namespace" : "/test/" + i);
console.log(JSON.stringify({ initMs, catalogueMs, routeMs, rssStart, rss20: mb(), namespaces: Object.keys(catalogue).length }));
process.exit(0);
`,
);
const runs: { initMs: number; catalogueMs: number; routeMs: number; rssStart: number; rss20: number; namespaces: number }[] = [];
for (let run = 0; run < Number(values.runs); run++) {
  const probe = spawnSync(process.execPath, ["probe.mjs"], { cwd: dir, env, encoding: "utf8", timeout: 120_000 });
  const line = probe.stdout.trim().split("\n").findLast((text) => text.startsWith("{"));
  if (!line) throw new Error(`the probe failed: ${probe.stderr.slice(-2000)}`);
  runs.push(JSON.parse(line));
}
const pick = (key: keyof (typeof runs)[number]) => Math.round(median(runs.map((run) => run[key])));
console.log(`rsshub@${values.version} on Node ${process.versions.node}`);
console.log(`install: ${installSeconds.toFixed(1)} s, node_modules ${Math.round(sizeMb)} MB, ${packages} packages`);
console.log(`start (median of ${runs.length}, from process start): init ${pick("initMs")} ms, first catalogue ${pick("catalogueMs")} ms (${pick("namespaces")} namespaces), first route ${pick("routeMs")} ms`);
console.log(`memory: ${pick("rssStart")} MB resident after start, ${pick("rss20")} MB after 20 more requests`);
if (values.keep) console.log(`kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
