import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REFRESH_NODE_FLAGS } from "@tidings/server/process";

/**
 * V8 flags of the server process, as `npm start` passes them: Node 24 sizes the young generation
 * from the machine's memory (up to 64 MB semi-spaces here), which costs ~130 MB of idle resident
 * memory for no measurable gain in a server like this one. The refresh flags' semi-space
 * (REFRESH_NODE_FLAGS); package.json and the Dockerfile give the same (start.test.ts checks).
 */
export const SERVER_NODE_FLAGS = REFRESH_NODE_FLAGS.filter((flag) => flag.startsWith("--max-semi-space-size="));

/** The repository root. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const WEB = path.join(ROOT, "apps/web");
const DIST_INDEX = path.join(WEB, "dist/index.html");

/** Everything the web bundle is built from. */
const SOURCES = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "packages/contracts/src",
  "packages/utils/src",
  "packages/i18n/src",
  "packages/i18n/locales",
  "package-lock.json",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** Why the web client must be (re)built, or `null` when the build is current. */
export function webBuildReason(): string | null {
  if (!existsSync(DIST_INDEX)) return "the web client has not been built yet";
  const built = statSync(DIST_INDEX).mtimeMs;
  const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  return newest > built ? "the web client's sources changed since the last build" : null;
}

/** Builds the web client when it is missing or stale; throws when the build fails. */
export function ensureWebBuild(log: (line: string) => void = console.log): void {
  const reason = webBuildReason();
  if (!reason) return;
  log(`Building the web client (${reason})…`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: WEB,
    stdio: "inherit",
    // Always the production bundle: under the test runner NODE_ENV is "test", which would make
    // Vite build React's development version and leave the offline worker out.
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The web client failed to build (see the output above).");
  log(`Web client built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
