import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "./search-query.ts";
import { indexWords } from "../../content/search-words.ts";

const tsquery = (q: string) => parseSearchQuery(q)?.tsquery ?? null;
const words = (text: string) => indexWords(text);
/** Whether the query matches an entry of this title and body, by its words. */
const matches = (q: string, title: string, body = "") => parseSearchQuery(q)!.matches!({ title: words(title), body: words(body) });

describe("parseSearchQuery", () => {
  it("ANDs words and matches the last one as a prefix while it is typed", () => {
    expect(tsquery("Rust Compiler")).toBe("'rust' & 'compiler':*");
    expect(tsquery("rust compiler ")).toBe("'rust' & 'compiler'");
    expect(tsquery("  café  ")).toBe("'cafe'");
  });

  it("turns quoted text into a phrase: its words for the index, their order checked on the entry's words", () => {
    expect(tsquery('"open source" funding')).toBe("('open' & 'source') & 'funding':*");
    expect(tsquery('say "hello world')).toBe("'say' & ('hello' & 'world')");
    expect(parseSearchQuery("rust compiler")!.matches).toBeNull();
    expect(matches('"open source"', "Open source funding")).toBe(true);
    expect(matches('"open source"', "Source code is open")).toBe(false);
    expect(matches('"open source"', "Funding", "<p>Who pays for open-source maintenance?</p>")).toBe(true);
    // Title and body are apart: a phrase does not run from one into the other.
    expect(matches('"funding who"', "Open source funding", "Who pays?")).toBe(false);
  });

  it("excludes words and phrases with a minus, but not a lone dash", () => {
    expect(tsquery("rust -async")).toBe("'rust' & !'async'");
    // The index cannot leave out entries by a phrase: the check of their words does.
    expect(tsquery('rust -"borrow checker"')).toBe("'rust'");
    expect(matches('rust -"borrow checker"', "Rust compiler", "How the borrow checker works")).toBe(false);
    expect(matches('rust -"borrow checker"', "Rust compiler", "The checker of borrow")).toBe(true);
    expect(tsquery("rust - async")).toBe("'rust' & 'async':*");
    // Results are ranked by what they hold, not by what they lack.
    expect(parseSearchQuery("rust -async python OR -go")!.rankQuery).toBe("'rust' & 'python'");
  });

  it("checks a whole query with phrases on an entry's words: groups, alternatives and prefixes", () => {
    expect(matches('"open source" fund', "Open source funding")).toBe(true);
    expect(matches('"open source" fund ', "Open source funding")).toBe(false);
    expect(matches('python OR "open source"', "Source is open", "python")).toBe(true);
    expect(matches('python OR "open source"', "Source is open")).toBe(false);
    expect(matches("東京タワ", "東京タワーに行きました")).toBe(true);
    expect(matches("東京ワ", "東京タワーに行きました")).toBe(false);
  });

  it("binds OR tighter than the implicit AND", () => {
    expect(tsquery("python OR golang")).toBe("('python' | 'golang':*)");
    expect(tsquery("web python OR golang OR rust")).toBe("'web' & ('python' | 'golang' | 'rust':*)");
    expect(tsquery("OR python OR")).toBe("'python'");
    expect(tsquery("python or golang")).toBe("'python' & 'or' & 'golang':*");
  });

  it("makes CJK runs phrases of character pairs and single characters prefixes", () => {
    expect(tsquery("天气 ")).toBe("'天气'");
    expect(tsquery("東京タワー ")).toBe("('東京' & '京タ' & 'タワ' & 'ワー')");
    expect(tsquery("東 ")).toBe("'東':*");
    expect(tsquery("iPhone用 ")).toBe("('iphone' & '用':*)");
  });

  it("keeps only words, so that the query syntax cannot be injected", () => {
    expect(tsquery("it's a:b & c|d ")).toBe("('it' & 's') & ('a' & 'b') & ('c' & 'd')");
    expect(tsquery("back\\slash ")).toBe("('back' & 'slash')");
    expect(tsquery("(x) <-> !y ")).toBe("'x' & 'y'");
  });

  it("answers null when nothing can narrow the search", () => {
    expect(parseSearchQuery("")).toBeNull();
    expect(parseSearchQuery("   ")).toBeNull();
    expect(parseSearchQuery("-rust")).toBeNull();
    expect(parseSearchQuery("!!! ???")).toBeNull();
    expect(parseSearchQuery("rust OR -async")).toBeNull();
    expect(parseSearchQuery("web rust OR -async")).not.toBeNull();
  });

  it("lists the positive terms for highlighting", () => {
    expect(parseSearchQuery('Rust "borrow Checker" -async 東京 comp')!.highlights).toEqual([
      { text: "rust", prefix: false, cjk: false },
      { text: "borrow", prefix: false, cjk: false },
      { text: "checker", prefix: false, cjk: false },
      { text: "東京", prefix: false, cjk: true },
      { text: "comp", prefix: true, cjk: false },
    ]);
  });
});
