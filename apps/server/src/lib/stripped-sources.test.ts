import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT, strippedCode, strippedCopyMark, strippedCopyPath, strippedPreloadFlag } from "./fast-resolve.ts";
import { ensureStrippedCopies, staleSources, writeStrippedCopies } from "./stripped-sources.ts";

// A folder of the repository of this run's own (the copies mirror paths under the repository).
const folder = path.join(REPOSITORY_ROOT, "apps/server/test", `.stripped-${process.pid}-${Date.now().toString(36)}`);
const source = path.join(folder, "typed.ts");

// The hook's own copy, which importWithHook preloads.
beforeAll(() => {
  expect(ensureStrippedCopies()).toBe(true);
});

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
  it("are written with the types gone and every position kept, and used while made from the source as it is", async () => {
    mkdirSync(folder, { recursive: true });
    const typed = 'export const from: string = "source";\nexport function twice(value: number): number {\n  return value * 2;\n}\n';
    writeFileSync(source, typed);
    expect(strippedCode(source)).toBeNull();
    expect(await writeStrippedCopies([source])).toBe(1);
    const copy = strippedCopyPath(source)!;
    const stripped = 'export const from         = "source";\nexport function twice(value        )         {\n  return value * 2;\n}\n';
    expect(readFileSync(copy, "utf8")).toBe(stripped + strippedCopyMark(Buffer.from(typed)));
    expect(strippedCode(source)).toBe(readFileSync(copy, "utf8"));

    // The hook serves the copy (here one of different code, to tell them apart)...
    writeFileSync(copy, 'export const from = "copy";\n' + strippedCopyMark(Buffer.from(typed)));
    expect(importWithHook(source)).toBe("copy");
    // ...and not once the source changed, even to an older date than the copy's (an archive
    // unpacked over an install): Node then strips the source itself.
    writeFileSync(source, typed.replace('"source"', '"edited"'));
    const earlier = new Date(Date.now() - 86_400_000);
    utimesSync(source, earlier, earlier);
    expect(strippedCode(source)).toBeNull();
    expect(importWithHook(source)).toBe("edited");
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
