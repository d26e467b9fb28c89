import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SERVER = fileURLToPath(new URL("..", import.meta.url));
const DRIZZLE_KIT = fileURLToPath(new URL("../../../node_modules/drizzle-kit/bin.cjs", import.meta.url));

describe("committed migrations", () => {
  it("match the Drizzle schema (a schema change without `npm run db:generate` fails here)", async () => {
    // drizzle-kit only accepts an output folder relative to the working directory.
    const out = await mkdtemp(path.join(SERVER, ".migrations-check-"));
    try {
      await cp(path.join(SERVER, "src/db/migrations"), out, { recursive: true });
      const before = await readdir(out);
      const result = spawnSync(
        process.execPath,
        [DRIZZLE_KIT, "generate", "--dialect", "postgresql", "--schema", "src/db/schema/index.ts", "--out", path.relative(SERVER, out)],
        { cwd: SERVER, encoding: "utf8" },
      );
      expect(result.status, result.stderr).toBe(0);
      expect(await readdir(out)).toEqual(before);
      expect(result.stdout + result.stderr).toContain("No schema changes");
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
