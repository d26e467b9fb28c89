import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR } from "./__fixtures__/corpus.ts";

describe("the vendored corpus", () => {
  it("is byte for byte the shared corpus (its manifest's sha256 of every feed)", () => {
    const manifest = JSON.parse(readFileSync(path.join(CORPUS_DIR, "manifest.json"), "utf8")) as { files: { file: string; sha256: string }[] };
    const changed = manifest.files.filter(
      (file) => createHash("sha256").update(readFileSync(path.join(CORPUS_DIR, file.file))).digest("hex") !== file.sha256,
    );
    expect(manifest.files.length).toBeGreaterThan(500);
    expect(changed.map((file) => file.file)).toEqual([]);
  });
});
