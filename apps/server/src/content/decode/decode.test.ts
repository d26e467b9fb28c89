import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeDocument } from "./decode.ts";

const bytesOf = (text: string, encoding: string): Uint8Array => new Uint8Array(iconv.encode(text, encoding));
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]): Uint8Array => new Uint8Array(Buffer.concat(parts));

const PHRASE = "café — “quotes” €";
const RUSSIAN = "Привет, мир! Ёжик пьёт чай.";

describe("decodeDocument: byte-order marks", () => {
  it.each([
    ["utf-8", [0xef, 0xbb, 0xbf]],
    ["utf-16le", [0xff, 0xfe]],
    ["utf-16be", [0xfe, 0xff]],
    ["utf-32le", [0xff, 0xfe, 0x00, 0x00]],
    ["utf-32be", [0x00, 0x00, 0xfe, 0xff]],
  ])("%s: decodes after the BOM and drops it", (encoding, bom) => {
    const body = `<?xml version="1.0"?><rss>${PHRASE}</rss>`;
    const result = decodeDocument(concat(Uint8Array.from(bom), bytesOf(body, encoding)));
    expect(result).toEqual({ text: body, encoding, source: "bom" });
  });

  it("lets the BOM beat the HTTP charset and the XML declaration", () => {
    const body = `<?xml version="1.0" encoding="koi8-r"?><rss>${RUSSIAN}</rss>`;
    const result = decodeDocument(concat(Uint8Array.from([0xff, 0xfe]), bytesOf(body, "utf-16le")), "text/xml; charset=gbk");
    expect(result).toEqual({ text: body, encoding: "utf-16le", source: "bom" });
  });

  it("never leaves a U+FEFF at the start, even from a mis-declared document", () => {
    const result = decodeDocument(bytesOf("\uFEFF<rss/>", "utf-16le"), "application/xml; charset=utf-16le");
    expect(result.text).toBe("<rss/>");
  });
});

describe("decodeDocument: declarations", () => {
  it("prefers the HTTP charset to the XML declaration", () => {
    const body = `<?xml version="1.0" encoding="koi8-r"?><rss>${RUSSIAN}</rss>`;
    expect(decodeDocument(bytesOf(body, "windows-1251"), "application/rss+xml; charset=windows-1251")).toEqual({
      text: body,
      encoding: "windows-1251",
      source: "http",
    });
  });

  it("prefers the XML declaration to a meta tag", () => {
    const body = `<?xml version="1.0" encoding="shift_jis"?><html><meta charset="euc-jp"><p>日本語のテキスト</p></html>`;
    expect(decodeDocument(bytesOf(body, "shift_jis"))).toEqual({ text: body, encoding: "shift_jis", source: "xml" });
  });

  it.each([
    `<html><head><meta charset="koi8-r"><title>${RUSSIAN}</title>`,
    `<html><head><META CHARSET=KOI8-R /><title>${RUSSIAN}</title>`,
    `<html><head><meta http-equiv="Content-Type" content="text/html; charset=koi8-r"><title>${RUSSIAN}</title>`,
    `<HTML><HEAD><META HTTP-EQUIV='content-type' CONTENT='text/html;CHARSET=KOI8-R'><TITLE>${RUSSIAN}</TITLE>`,
  ])("reads an HTML meta charset: %s", (html) => {
    expect(decodeDocument(bytesOf(html, "koi8-r"), "text/html")).toEqual({ text: html, encoding: "koi8-r", source: "meta" });
  });

  it("ignores a meta charset beyond the first 4 KB", () => {
    const html = `<html><head><!-- ${"x".repeat(5000)} --><meta charset="koi8-r"></head><p>plain</p>`;
    expect(decodeDocument(utf8(html))).toMatchObject({ encoding: "utf-8", source: "utf8-valid" });
  });

  it.each([
    ["text/xml; charset=utf-8", "utf-8"],
    ["text/xml;charset='KOI8-R'", "koi8-r"],
    ['text/xml; charset = "koi8-r"', "koi8-r"],
    ["text/xml; charset= 'koi8-r' ; format=flowed", "koi8-r"],
  ])("parses the charset parameter of %s", (contentType, encoding) => {
    expect(decodeDocument(bytesOf(RUSSIAN, encoding), contentType)).toEqual({ text: RUSSIAN, encoding, source: "http" });
  });

  it.each(["text/xml; charset=bogus", "text/xml; charset:koi8-r", "text/xml; charset=base64", "text/xml; charset=utf-7"])(
    "skips an unknown, malformed or refused HTTP charset (%s) for the next rule",
    (contentType) => {
      const body = `<?xml version="1.0" encoding="koi8-r"?><rss>${RUSSIAN}</rss>`;
      expect(decodeDocument(bytesOf(body, "koi8-r"), contentType)).toEqual({ text: body, encoding: "koi8-r", source: "xml" });
    },
  );

  it("ignores a UTF-16 label in an ASCII-readable XML declaration", () => {
    const body = `<?xml version="1.0" encoding="utf-16"?><rss>${PHRASE}</rss>`;
    expect(decodeDocument(utf8(body))).toEqual({ text: body, encoding: "utf-8", source: "utf8-valid" });
  });

  it.each([
    ["gb2312", "gb18030", "中华人民共和国，首都北京。"],
    ["gbk", "gb18030", "中华人民共和国，首都北京。"],
    ["big5", "big5", "中華民國，首都臺北。"],
    ["shift_jis", "shift_jis", "日本語のテキストです。"],
    ["koi8-r", "koi8-r", RUSSIAN],
    ["euc-kr", "euc-kr", "대한민국의 수도는 서울입니다."],
    ["iso-8859-7", "iso-8859-7", "Καλημέρα κόσμε"],
  ])("round-trips text declared %s (decoded as %s)", (label, encoding, text) => {
    const body = `<?xml version="1.0" encoding="${label}"?><rss><title>${text}</title></rss>`;
    expect(decodeDocument(bytesOf(body, encoding))).toEqual({ text: body, encoding, source: "xml" });
  });
});

describe("decodeDocument: UTF-16/32 without a BOM", () => {
  it.each(["utf-16le", "utf-16be", "utf-32le", "utf-32be"])("recognises %s from the layout of <?xml", (encoding) => {
    const body = `<?xml version="1.0" encoding="utf-16"?><rss>${PHRASE}</rss>`;
    expect(decodeDocument(bytesOf(body, encoding))).toEqual({ text: body, encoding, source: "xml" });
  });

  it("takes the byte order of an HTTP 'utf-16' from the bytes, else little-endian", () => {
    expect(decodeDocument(bytesOf(`<rss>${PHRASE}</rss>`, "utf-16be"), "text/xml; charset=utf-16")).toMatchObject({
      text: `<rss>${PHRASE}</rss>`,
      encoding: "utf-16be",
    });
    expect(decodeDocument(bytesOf("中文", "utf-16le"), "text/plain; charset=UTF-16")).toEqual({
      text: "中文",
      encoding: "utf-16le",
      source: "http",
    });
  });
});

describe("decodeDocument: valid UTF-8 against legacy declarations", () => {
  it.each([
    ["http", `<rss>${PHRASE}</rss>`, "text/xml; charset=iso-8859-1"],
    ["xml", `<?xml version="1.0" encoding="ISO-8859-1"?><rss>${PHRASE}</rss>`, undefined],
    ["meta", `<html><meta charset="windows-1252"><p>${PHRASE}</p></html>`, undefined],
  ])("lets valid UTF-8 win over a single-byte declaration from %s", (_from, body, contentType) => {
    expect(decodeDocument(utf8(body), contentType)).toEqual({ text: body, encoding: "utf-8", source: "utf8-valid" });
  });

  it("keeps the declared encoding for pure ASCII (the text is the same either way)", () => {
    const body = `<?xml version="1.0" encoding="iso-8859-1"?><rss>plain</rss>`;
    expect(decodeDocument(utf8(body))).toEqual({ text: body, encoding: "windows-1252", source: "xml" });
  });

  it("trusts a multi-byte declaration even when the bytes are valid UTF-8", () => {
    const result = decodeDocument(utf8("<rss>é</rss>"), "text/xml; charset=shift_jis");
    expect(result).toMatchObject({ encoding: "shift_jis", source: "http" });
  });

  it("decodes latin1 and us-ascii labels as windows-1252, whose 0x80–0x9F are punctuation", () => {
    const body = concat(utf8("<rss>"), Uint8Array.from([0x80, 0x20, 0x93, 0x71, 0x94, 0x20, 0x97]), utf8("</rss>"));
    for (const contentType of ["text/xml; charset=iso-8859-1", "text/xml; charset=latin1", "text/xml; charset=us-ascii"]) {
      expect(decodeDocument(body, contentType)).toEqual({ text: "<rss>€ “q” —</rss>", encoding: "windows-1252", source: "http" });
    }
    expect(decodeDocument(body)).toEqual({ text: "<rss>€ “q” —</rss>", encoding: "windows-1252", source: "default" });
  });
});
