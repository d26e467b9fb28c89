import { describe, expect, it } from "vitest";
import { toSearchText } from "./search-text.ts";
import { documentLiteral, forEachDistinctWord, MAX_WORD_LENGTH, searchWords } from "./search-words.ts";

describe("searchWords", () => {
  it("splits at everything but letters, digits and marks, in any script", () => {
    expect(searchWords("hello, world! it's e-mail at example.com 3.14 foo_bar")).toEqual([
      "hello", "world", "it", "s", "e", "mail", "at", "example", "com", "3", "14", "foo", "bar",
    ]);
    expect(searchWords("ελληνικα русскии עברית हिन्दी")).toEqual(["ελληνικα", "русскии", "עברית", "हिन्दी"]);
    expect(searchWords("“quoted” — dash… ½ ²")).toEqual(["quoted", "dash", "½", "²"]);
  });

  it("keeps astral letters and splits at astral symbols", () => {
    expect(searchWords("𠮷野 家🙂x")).toEqual(["𠮷野", "家", "x"]);
  });

  it("splits CJK text into the pairs toSearchText makes", () => {
    expect(searchWords(toSearchText("東京タワーに行きました。"))).toEqual(["東京", "京タ", "タワ", "ワー", "ーに", "に行", "行き", "きま", "まし", "した"]);
  });

  it("skips words too long for the index", () => {
    const long = "a".repeat(MAX_WORD_LENGTH + 1);
    expect(searchWords(`one ${long} two ${"b".repeat(MAX_WORD_LENGTH)}`)).toEqual(["one", "two", "b".repeat(MAX_WORD_LENGTH)]);
    expect(searchWords(long)).toEqual([]);
    expect(searchWords("")).toEqual([]);
  });
});

describe("forEachDistinctWord", () => {
  it("gives each word once, in the order of first appearance, whatever the text", () => {
    // Words of every kind and length, and enough of them to grow the table more than once.
    const alphabet = ["a", "b", "ab", "ba", "東京", "é", "𠮷", "1", "-", " ", "\n", "🙂", "Ⅻ", "ą"];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 200; round++) {
      let text = "";
      for (let i = 0, n = Math.floor(next() * (round < 190 ? 200 : 20_000)); i < n; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      const distinct: string[] = [];
      forEachDistinctWord(text, (word) => distinct.push(word));
      expect(distinct, text.slice(0, 200)).toEqual([...new Set(searchWords(text))]);
    }
  });
});

describe("documentLiteral", () => {
  it("gives the title's words with their positions, then the body's other words once", () => {
    expect(documentLiteral("open source is open", "who pays for open source and who builds")).toBe(
      "'open':1A,4A 'source':2A 'is':3A 'who' 'pays' 'for' 'and' 'builds'",
    );
    expect(documentLiteral("", "")).toBe("");
    expect(documentLiteral("", "a b a")).toBe("'a' 'b'");
  });
});
