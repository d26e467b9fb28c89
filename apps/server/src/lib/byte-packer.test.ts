import { describe, expect, it } from "vitest";
import { BytePacker } from "./byte-packer.ts";

const utf8 = new TextDecoder();

describe("BytePacker", () => {
  it("writes texts one after another as UTF-8, growing past its first capacity, and ends exactly as long as what it wrote", () => {
    const out = new BytePacker(1);
    const places = [out.length];
    const texts = ["plain", "café ☕ 🦊", "x".repeat(5000), "", "日本語"];
    for (const text of texts) {
      out.text(text);
      places.push(out.length);
    }
    out.byte(0x27);
    out.ascii("--word--", 2, 6);
    out.byte(0x27);
    const buffer = out.finish();
    expect(buffer.byteLength).toBe(places.at(-1)! + 6);
    texts.forEach((text, i) => expect(utf8.decode(new Uint8Array(buffer, places[i]!, places[i + 1]! - places[i]!))).toBe(text));
    expect(utf8.decode(new Uint8Array(buffer, places.at(-1)!))).toBe("'word'");
    expect(out.length).toBe(0);
  });

  it("writes a lone surrogate as U+FFFD, as TextEncoder does", () => {
    const out = new BytePacker();
    out.text("a\ud800b");
    expect(utf8.decode(out.finish())).toBe("a\ufffdb");
  });

  it("finishes a text that did not fit the room left (multi-byte characters past the end, a pair never split)", () => {
    for (const text of ["é".repeat(1500), "🦊".repeat(700), `${"a".repeat(1020)}日本語🦊`]) {
      const out = new BytePacker(1024);
      out.text("ab");
      out.text(text);
      const buffer = out.finish();
      expect(utf8.decode(new Uint8Array(buffer, 2))).toBe(text);
      expect(buffer.byteLength).toBe(2 + Buffer.byteLength(text));
    }
  });

  it("seals the buffer it wrote into when little of it is unused, and trims it otherwise", () => {
    const full = new BytePacker(1024);
    full.text("x".repeat(900));
    const sealed = full.seal();
    expect(sealed.byteLength).toBe(1024);
    expect(utf8.decode(new Uint8Array(sealed, 0, 900))).toBe("x".repeat(900));
    expect(full.length).toBe(0);
    const sparse = new BytePacker(1024);
    sparse.text("short");
    expect(sparse.seal().byteLength).toBe(5);
  });
});
