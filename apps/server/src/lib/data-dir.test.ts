import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkDataDir } from "./data-dir.ts";

describe("checkDataDir", () => {
  let scratch: string;
  beforeEach(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), "tidings-data-dir-"));
  });
  afterEach(() => rm(scratch, { recursive: true, force: true }));

  it("makes a missing directory and leaves nothing of its check", async () => {
    const dir = path.join(scratch, "a/b");
    expect(await checkDataDir(dir)).toBeNull();
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("says what is wrong and how to fix it when a file is in the way", async () => {
    await writeFile(path.join(scratch, "file"), "");
    const message = await checkDataDir(path.join(scratch, "file"));
    expect(message).toContain(`DATA_DIR ${path.join(scratch, "file")} is not a directory`);
    expect(message).toContain("chown -R");
    expect(message).toContain("-v tidings-data:/data");
  });
});
