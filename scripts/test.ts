// `npm test`: type-check every project, lint, check the architecture's rules, then run every
// Vitest project (unit, server on the embedded PostgreSQL or TEST_DATABASE_URL's, web, end-to-end
// in Chromium). Stops at the first failing step.
import { spawn } from "node:child_process";
import path from "node:path";
import { ROOT } from "./web-build.ts";

const TS_PROJECTS = ["packages/utils", "packages/contracts", "packages/i18n", "apps/server", "apps/web", "apps/desktop", "."];
const bin = (name: string) => path.join(ROOT, "node_modules", name);

function run(label: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: "inherit" });
    child.on("exit", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? "✓" : "✗"} ${label} (${seconds} s)`);
      resolve(code ?? 1);
    });
  });
}

const started = performance.now();
const steps: [string, () => Promise<number>][] = [
  [
    "type-check",
    async () => {
      const codes = await Promise.all(
        TS_PROJECTS.map((project) => run(`tsc ${project}`, [bin("typescript/bin/tsc"), "-p", project, "--noEmit"])),
      );
      return codes.find((code) => code !== 0) ?? 0;
    },
  ],
  ["lint", () => run("eslint", [bin("eslint/bin/eslint.js"), "--max-warnings", "0", "."])],
  ["architecture", () => run("dependency-cruiser and file sizes", [path.join(ROOT, "scripts/check-architecture.ts")])],
  ["tests", () => run("vitest", [bin("vitest/vitest.mjs"), "run", ...process.argv.slice(2)])],
];

for (const [label, step] of steps) {
  const code = await step();
  if (code !== 0) {
    console.error(`npm test failed at: ${label}`);
    process.exit(code);
  }
}
console.log(`All checks passed in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
