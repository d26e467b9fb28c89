import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freshStrippedCopy, REPOSITORY_ROOT, strippedCopyPath, strippedPreloadFlag } from "./fast-resolve.ts";
import { ensureStrippedCopies, staleSources, writeStrippedCopies } from "./stripped-sources.ts";

// A folder of the repository of this run's own (the copies mirror paths under the repository).
const folder = path.join(REPOSITORY_ROOT, "apps/server/test", `.stripped-${process.pid}-${Date.now().toString(36)}`);
const source = path.join(folder, "typed.ts");

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  const copy = strippedCopyPath(source);
  if (copy) rmSync(path.dirname(copy), { recursive: true, force: true });
});

/** Imports `file` in a new Node process with the module hook preloaded; answers its `from` export. */
function importWithHook(file: string): string {
  const code = `import(${JSON.stringify(pathToFileURL(file).href)}).then((module) => console.log(module.from))`;
  const result = spawnSync(process.execPath, [strippedPreloadFlag()!, "--eval", code], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

describe("the stripped copies of the app's TypeScript", () => {
  it("are written with the types gone and every position kept, and used while not older than their source", async () => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(source, 'export const from: string = "source";\nexport function twice(value: number): number {\n  return value * 2;\n}\n');
    expect(freshStrippedCopy(source)).toBeNull();
    expect(await writeStrippedCopies([source])).toBe(1);
    const copy = freshStrippedCopy(source);
    expect(copy).toBe(strippedCopyPath(source));
    const stripped = readFileSync(copy!, "utf8");
    expect(stripped).toBe('export const from         = "source";\nexport function twice(value        )         {\n  return value * 2;\n}\n');

    // The hook serves the copy (here one of different content, to tell them apart)...
    writeFileSync(copy!, 'export const from = "copy";\n');
    expect(importWithHook(source)).toBe("copy");
    // ...and not once the source is newer: Node then strips the source itself.
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    expect(freshStrippedCopy(source)).toBeNull();
    expect(importWithHook(source)).toBe("source");
  });

  it("are brought up to date for every source a process loads, in a process of their own", () => {
    expect(ensureStrippedCopies()).toBe(true);
    expect(staleSources()).toEqual([]);
    for (const file of ["apps/server/src/main.ts", "apps/server/src/fetcher/read-worker.ts", "packages/contracts/src/index.ts", "scripts/start.ts"]) {
      expect(existsSync(strippedCopyPath(path.join(REPOSITORY_ROOT, file))!), file).toBe(true);
    }
    // Outside the repository, or in its dependencies: no copy.
    expect(strippedCopyPath("/elsewhere/file.ts")).toBeNull();
    expect(strippedCopyPath(path.join(REPOSITORY_ROOT, "node_modules/zod/index.ts"))).toBeNull();
  });
});
