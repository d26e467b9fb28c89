// `npm run check:architecture` (a step of `npm test`): the structure's rules on the whole import
// graph (dependency-cruiser with .dependency-cruiser.cjs: no circles, type imports and barrels
// counted; layers; features and the server used only through their public surfaces), and no
// source file over 300 lines without a one-line reason at its top.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./web-build.ts";

const MAX_LINES = 300;
/** The one-line reason a longer file carries in its first lines. */
const REASON = /^\s*(\/\/|\/\*|\*)\s*Over 300 lines: \S/;
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;
/** Generated or data: migrations are drizzle-kit's, the RSSHub route list is RSSHub's. */
const EXEMPT = [/\/migrations\//];

function dependencies(): boolean {
  const cli = path.join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruiser.mjs");
  const run = spawnSync(process.execPath, [cli, "--config", ".dependency-cruiser.cjs", "--output-type", "err", "apps", "packages", "scripts", "e2e"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  return run.status === 0;
}

function sizes(): boolean {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((file) => SOURCE.test(file) && !EXEMPT.some((pattern) => pattern.test(file)));
  const long: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(path.join(ROOT, file), "utf8");
    } catch {
      continue; // deleted in the working tree
    }
    const lines = text.split("\n");
    const count = lines.at(-1) === "" ? lines.length - 1 : lines.length;
    if (count > MAX_LINES && !lines.slice(0, 3).some((line) => REASON.test(line))) long.push(`${file}: ${count} lines`);
  }
  if (long.length) {
    console.error(`Files over ${MAX_LINES} lines need a one-line reason at their top ("// Over 300 lines: …"), or splitting:`);
    for (const line of long) console.error(`  ${line}`);
  }
  return long.length === 0;
}

const ok = [dependencies(), sizes()].every(Boolean);
if (ok) console.log("architecture: no dependency violations, no unexplained long files");
process.exit(ok ? 0 : 1);
