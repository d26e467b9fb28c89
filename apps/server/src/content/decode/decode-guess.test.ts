import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeDocument } from "./decode.ts";

const undeclared = (text: string, encoding: string) =>
  decodeDocument(new Uint8Array(iconv.encode(`<rss><item><title>${text}</title></item></rss>`, encoding)));

describe("decodeDocument without any declaration", () => {
  it("takes valid UTF-8 as UTF-8, including empty input", () => {
    expect(decodeDocument(new TextEncoder().encode("<rss>中文 café</rss>"))).toEqual({
      text: "<rss>中文 café</rss>",
      encoding: "utf-8",
      source: "utf8-valid",
    });
    expect(decodeDocument(new Uint8Array(0), null)).toEqual({ text: "", encoding: "utf-8", source: "utf8-valid" });
  });

  it.each([
    ["gb18030", "中华人民共和国是一个位于东亚的国家，首都是北京。"],
    ["big5", "中華民國是一個位於東亞的國家，首都是臺北。我們的網站提供最新的新聞。"],
    ["shift_jis", "日本語のテキストです。これはテストのための文章です。"],
    ["euc-jp", "日本語のテキストです。これはテストのための文章です。"],
    ["euc-kr", "대한민국은 동아시아에 위치한 나라입니다. 수도는 서울입니다."],
    ["koi8-r", "Привет мир! Это простой тест для проверки определения кодировки."],
    ["windows-1251", "Привет мир! Это простой тест для проверки определения кодировки."],
    ["windows-1255", "שלום עולם, זהו מבחן פשוט לבדיקת זיהוי הקידוד של הטקסט העברי"],
    ["windows-874", "ภาษาไทยเป็นภาษาราชการของประเทศไทย และเป็นภาษาแม่ของชาวไทย"],
    ["iso-8859-7", "Η Ελλάδα είναι μια χώρα στη νοτιοανατολική Ευρώπη με πλούσια ιστορία."],
  ])("recognises %s prose", (encoding, text) => {
    const result = undeclared(text, encoding);
    expect(result).toMatchObject({ encoding, source: "sniff" });
    expect(result.text).toContain(text);
  });

  // The guess must not garble what the windows-1252 default gets right: Latin text with capitals, runs of
  // accented letters and curly quotes, which are the byte patterns closest to the legacy CJK/Cyrillic ones.
  it.each([
    "Äpfel und Öl über Übermut. Ça va? À bientôt! «Élan» — “smart quotes” … Größe, Straße, naïve café",
    "São Paulo: informações sobre ações e eleições; coração, não, irmã, órgão, ÁGUA, ÉPOCA, ÍNDIO, ÓRGÃO",
    "ÉTÉ À LA CRÈME BRÛLÉE — ÉLÈVE, ÉCOLE, ÂGE, ÊTRE, “ÇÀ ET LÀ”",
    "Æbleskiver på Ærø, Øresund, Åland; smørrebrød og blåbærsyltetøj",
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏ ÐÑÒÓÔÕÖØÙÚÛÜÝÞß àáâãäåæçèéêëìíîï ðñòóôõöøùúûüýþÿ",
    "Il a dit «non» — c’est tout… ‘ok’ €5 ™",
  ])("keeps Latin text as windows-1252: %s", (text) => {
    expect(undeclared(text, "windows-1252")).toEqual({
      text: `<rss><item><title>${text}</title></item></rss>`,
      encoding: "windows-1252",
      source: "default",
    });
  });

  it("does not guess from a single character", () => {
    expect(undeclared("년", "euc-kr")).toMatchObject({ encoding: "windows-1252", source: "default" });
  });
});

describe("decodeDocument on garbage", () => {
  // A fixed-seed generator, so a failure can be replayed.
  function* randomBuffers(count: number): Generator<Uint8Array> {
    let seed = 0x2f6b_1d3c;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) >>> 8;
    for (let n = 0; n < count; n++) {
      const bytes = new Uint8Array(next() % 600);
      for (let i = 0; i < bytes.length; i++) bytes[i] = n % 2 ? next() & 0xff : 0x61 + (next() % 26) + (next() % 3 ? 0 : 0x60);
      yield bytes;
    }
  }

  const CONTENT_TYPES = [
    undefined,
    null,
    "",
    ";;;",
    "text/html; charset=",
    'text/xml; charset="',
    "text/xml; charset=utf-16",
    "text/xml; charset=utf-32be",
    "text/xml; charset=gb18030",
    "text/xml; charset=latin2",
    "text/xml; charset=cp437",
    "text/xml; charset=\u0000\uFFFF",
  ];

  it("returns text for random bytes under any Content-Type, never throwing", () => {
    let n = 0;
    for (const bytes of randomBuffers(3000)) {
      const result = decodeDocument(bytes, CONTENT_TYPES[n++ % CONTENT_TYPES.length]);
      expect(typeof result.text).toBe("string");
      expect(result.text.startsWith("\uFEFF")).toBe(false);
      expect(result.encoding).toMatch(/^[a-z0-9_-]+$/);
    }
  });

  it.each([
    [[0xff, 0xfe, 0x00]],
    [[0x00, 0x00, 0xfe]],
    [[0x3c, 0x00, 0x00, 0x00, 0x3f]],
    [[0x00, 0x00, 0x00, 0x3c, 0x00, 0x00, 0x00, 0x3f, 0xff, 0xff, 0xff, 0xff]],
    [[0xfe, 0xff, 0xd8, 0x00]],
    [[0xef, 0xbb, 0xbf, 0xc3]],
    [[0x81, 0x30, 0x81]],
  ])("survives truncated and malformed sequences %j", (bytes) => {
    expect(() => decodeDocument(Uint8Array.from(bytes))).not.toThrow();
  });
});
