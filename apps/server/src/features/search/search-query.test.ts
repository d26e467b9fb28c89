import { describe, expect, it } from "vitest";
import { parseSearchQuery } from "./search-query.ts";

const tsquery = (q: string) => parseSearchQuery(q)?.tsquery ?? null;

describe("parseSearchQuery", () => {
  it("ANDs words and matches the last one as a prefix while it is typed", () => {
    expect(tsquery("Rust Compiler")).toBe("'rust' & 'compiler':*");
    expect(tsquery("rust compiler ")).toBe("'rust' & 'compiler'");
    expect(tsquery("  café  ")).toBe("'cafe'");
  });

  it("turns quoted text into a phrase", () => {
    expect(tsquery('"open source" funding')).toBe("('open' <-> 'source') & 'funding':*");
    expect(tsquery('say "hello world')).toBe("'say' & ('hello' <-> 'world')");
  });

  it("excludes words and phrases with a minus, but not a lone dash", () => {
    expect(tsquery("rust -async")).toBe("'rust' & !'async'");
    expect(tsquery('rust -"borrow checker"')).toBe("'rust' & !('borrow' <-> 'checker')");
    expect(tsquery("rust - async")).toBe("'rust' & 'async':*");
  });

  it("binds OR tighter than the implicit AND", () => {
    expect(tsquery("python OR golang")).toBe("('python' | 'golang':*)");
    expect(tsquery("web python OR golang OR rust")).toBe("'web' & ('python' | 'golang' | 'rust':*)");
    expect(tsquery("OR python OR")).toBe("'python'");
    expect(tsquery("python or golang")).toBe("'python' & 'or' & 'golang':*");
  });

  it("makes CJK runs phrases of character pairs and single characters prefixes", () => {
    expect(tsquery("天气 ")).toBe("'天气'");
    expect(tsquery("東京タワー ")).toBe("('東京' <-> '京タ' <-> 'タワ' <-> 'ワー')");
    expect(tsquery("東 ")).toBe("'東':*");
    expect(tsquery("iPhone用 ")).toBe("('iphone' <-> '用':*)");
  });

  it("quotes lexemes so that the query syntax cannot be injected", () => {
    expect(tsquery("it's a:b & c|d ")).toBe("'it''s' & 'a:b' & 'c|d'");
    expect(tsquery("back\\slash ")).toBe("'back\\\\slash'");
    expect(tsquery("(x) <-> !y ")).toBe("'(x)' & '!y'");
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
