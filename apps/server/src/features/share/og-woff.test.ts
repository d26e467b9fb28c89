import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { woffToSfnt } from "./og-woff.ts";

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff"));

describe("woffToSfnt", () => {
  it("unwraps a WOFF font into the OpenType file it holds, every table at its stated size", () => {
    const sfnt = woffToSfnt(woff);
    const numTables = woff.readUInt16BE(12);
    expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    expect(sfnt.readUInt16BE(4)).toBe(numTables);
    // The whole file is as long as WOFF's header says the plain font is.
    expect(sfnt.length).toBe(woff.readUInt32BE(16));
    const tags: string[] = [];
    for (let i = 0; i < numTables; i++) {
      const entry = 12 + i * 16;
      const [offset, length] = [sfnt.readUInt32BE(entry + 8), sfnt.readUInt32BE(entry + 12)];
      tags.push(sfnt.toString("latin1", entry, entry + 4));
      expect(offset % 4).toBe(0);
      expect(offset + length).toBeLessThanOrEqual(sfnt.length);
    }
    expect(tags).toEqual(expect.arrayContaining(["cmap", "glyf", "head", "hmtx", "name"]));
    // The head table's magic number is where it should be once inflated.
    const head = tags.indexOf("head");
    expect(sfnt.readUInt32BE(sfnt.readUInt32BE(12 + head * 16 + 8) + 12)).toBe(0x5f0f3cf5);
  });

  it("refuses what is not WOFF", () => {
    expect(() => woffToSfnt(Buffer.from("not a font at all, no, not at all, not a font"))).toThrow("not a WOFF font");
  });
});
