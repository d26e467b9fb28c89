import { describe, expect, it } from "vitest";
import { toSearchText } from "./search-text.ts";
import { documentLiteral } from "./search-document.ts";
import { forEachDistinctWord, indexWords, MAX_WORD_LENGTH, searchWords } from "./search-words.ts";

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

describe("indexWords", () => {
  it("folds what is not plain lower-case ASCII, as toSearchText does, word by word", () => {
    expect(indexWords("Café CRÈME, naïve ＡＢＣ the The")).toEqual(["cafe", "creme", "naive", "abc", "the", "the"]);
    expect(indexWords("iPhone用ケース")).toEqual(["iphone", "用ケ", "ケー", "ース"]);
    expect(indexWords("今天天气很好。東京")).toEqual(["今天", "天天", "天气", "气很", "很好", "東京"]);
    // A ligature or a Roman numeral is letters; folded, it is the letters it stands for.
    expect(indexWords("ﬁne Ⅻ")).toEqual(["fine", "xii"]);
    // Text folded first reads the same (symbols aside: ™ is no letter, so no word).
    const text = "Ελληνικά Русский “quoted” — e-mail ﬁne İstanbul ß ǅ";
    expect(indexWords(text)).toEqual(searchWords(toSearchText(text)));
    expect(indexWords("Brand™")).toEqual(["brand"]);
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
      const plain: boolean[] = [];
      forEachDistinctWord(text, (word, isPlain) => {
        distinct.push(word);
        plain.push(isPlain);
      });
      expect(distinct, text.slice(0, 200)).toEqual([...new Set(searchWords(text))]);
      expect(plain).toEqual(distinct.map((word) => /^[a-z0-9]+$/.test(word)));
    }
  });
});

describe("documentLiteral", () => {
  it("gives the title's words with their positions, then the body's distinct words", () => {
    expect(documentLiteral("Open source is open", "Who pays for open source and who builds? Café, cafe")).toBe(
      "'open':1A,4A 'source':2A 'is':3A 'who' 'pays' 'for' 'open' 'source' 'and' 'who' 'builds' 'cafe' 'cafe'",
    );
    expect(documentLiteral("", "")).toBe("");
    expect(documentLiteral("", "a b a")).toBe("'a' 'b'");
    expect(documentLiteral("A title", "")).toBe("'a':1A 'title':2A ");
  });
});
