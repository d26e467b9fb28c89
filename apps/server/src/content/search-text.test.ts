import { describe, expect, it } from "vitest";
import { cjkBigrams, clip, entryBodyText, foldText, isCjkChar, MAX_BODY_CHARS, stripTags, toSearchText } from "./search-text.ts";

describe("foldText", () => {
  it("lower-cases, unifies compatibility forms and drops Latin diacritics", () => {
    expect(foldText("Hello WORLD")).toBe("hello world");
    expect(foldText("Café Crème naïve")).toBe("cafe creme naive");
    expect(foldText("ＡＢＣ１２３")).toBe("abc123");
    expect(foldText("ｺｰﾋｰ")).toBe("コーヒー");
    expect(foldText("Ελληνικά Русский")).toBe("ελληνικα русскии");
  });

  it("keeps kana voicing and Hangul syllables intact", () => {
    expect(foldText("ガギグ")).toBe("ガギグ");
    expect(foldText("한국어")).toBe("한국어");
  });

  it("turns control characters (NUL included) into spaces", () => {
    expect(foldText("a\u0000b\u0007c")).toBe("a b c");
  });
});

describe("cjkBigrams and toSearchText", () => {
  it("pairs overlapping characters; a single one stays itself", () => {
    expect(cjkBigrams("東京都")).toEqual(["東京", "京都"]);
    expect(cjkBigrams("東")).toEqual(["東"]);
    expect(cjkBigrams("𠮷野家")).toEqual(["𠮷野", "野家"]);
  });

  it("splits Chinese, Japanese and Korean runs into pairs and leaves other words alone", () => {
    expect(toSearchText("今天天气很好").trim().split(/\s+/)).toEqual(["今天", "天天", "天气", "气很", "很好"]);
    expect(toSearchText("東京タワーに行きました").trim().split(/\s+/)).toEqual(["東京", "京タ", "タワ", "ワー", "ーに", "に行", "行き", "きま", "まし", "した"]);
    expect(toSearchText("오늘 날씨").trim().split(/\s+/)).toEqual(["오늘", "날씨"]);
    expect(toSearchText("iPhone用ケース").trim().split(/\s+/)).toEqual(["iphone", "用ケ", "ケー", "ース"]);
  });

  it("does not pair CJK punctuation", () => {
    expect(toSearchText("你好，世界。").trim().split(/\s+/)).toEqual(["你好", ",", "世界", "。"]);
    expect(isCjkChar("，")).toBe(false);
    expect(isCjkChar("ー")).toBe(true);
  });
});

describe("entry body text", () => {
  it("strips tags (inline ones without a space), decodes entities and collapses whitespace", () => {
    expect(stripTags("<p>Hello <b>wor</b>ld &amp; <i>東</i>京</p><p>next\n line</p>")).toBe("Hello world & 東京 next line");
  });

  it("leaves out a description the content starts with", () => {
    expect(entryBodyText("Hello world…", "<p>Hello world and more</p>")).toBe("Hello world and more");
    expect(entryBodyText("A summary", "<p>The article</p>")).toBe("A summary The article");
    expect(entryBodyText(null, null)).toBe("");
    expect(entryBodyText("Only a description", null)).toBe("Only a description");
  });

  it("caps the body without splitting a surrogate pair", () => {
    expect(entryBodyText(null, `<p>${"a ".repeat(30_000)}</p>`).length).toBe(MAX_BODY_CHARS);
    expect(clip("ab😀", 3)).toBe("ab");
    expect(clip("abc", 5)).toBe("abc");
  });
});
