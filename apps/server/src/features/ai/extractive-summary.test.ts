import path from "node:path";
import { readFileSync } from "node:fs";
import { decodeHTML } from "entities";
import { CORPUS_DIR } from "../../content/__fixtures__/corpus.ts";
import { describe, expect, it } from "vitest";
import { htmlToText } from "../../content/html-text.ts";
import { extractiveSentences, extractiveSummary } from "./extractive-summary.ts";
import { splitSentences } from "./extractive-text.ts";

/** A file of the feed corpus (the repository's copy of ../shared/corpus), read-only. */
const corpus = (file: string) => readFileSync(path.join(CORPUS_DIR, file));

/** Plain text of every entry of an Atom feed whose content is escaped HTML. */
function atomArticles(file: string): string[] {
  const xml = corpus(file).toString("utf8");
  return [...xml.matchAll(/<content type="html">([\s\S]*?)<\/content>/g)].map((match) => htmlToText(decodeHTML(match[1]!)));
}

/** All the sentences the summariser reads in `text`. */
const split = (text: string, cjk = false) => splitSentences(text, cjk, 1000).map((sentence) => sentence.text);

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Every sentence is in the text verbatim, after the one before it: the order is kept. */
function expectVerbatimInOrder(sentences: string[], text: string) {
  let from = 0;
  for (const sentence of sentences) {
    const at = text.indexOf(sentence, from);
    expect(at, `not found verbatim after the previous one: ${sentence}`).toBeGreaterThanOrEqual(0);
    from = at + sentence.length;
  }
}

describe("extractiveSummary on real articles", () => {
  // Google Testing Blog (Atom, feedburner): long English posts, up to 2,000 words.
  const articles = atomArticles("feeds/rss-parser/input/many-links.rss").filter((text) => wordCount(text) >= 300);
  const longest = articles.reduce((a, b) => (wordCount(b) > wordCount(a) ? b : a));

  it("finds long English articles in the corpus", () => {
    expect(articles.length).toBeGreaterThanOrEqual(10);
    expect(wordCount(longest)).toBeGreaterThan(1500);
  });

  it("takes whole sentences of the article, verbatim, in order, within the defaults", () => {
    const sentences = extractiveSentences(longest);
    const summary = extractiveSummary(longest);
    expect(summary).toBe(sentences.join(" "));
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(5);
    expect(summary.length).toBeLessThanOrEqual(600);
    expectVerbatimInOrder(sentences, longest);
    // Sentences, not headings, bylines or fragments.
    for (const sentence of sentences) expect(sentence).toMatch(/^["“(]?[\p{Lu}\d].*[.!?]["”’)]?$/u);
  });

  it("respects maxChars and maxSentences on every long article of the feed", () => {
    for (const article of articles) {
      for (const options of [{}, { maxChars: 250, maxSentences: 2 }, { maxChars: 1500, maxSentences: 8 }]) {
        const sentences = extractiveSentences(article, options);
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(options.maxSentences ?? 5);
        expect(extractiveSummary(article, options).length).toBeLessThanOrEqual(options.maxChars ?? 600);
        expectVerbatimInOrder(sentences, article);
      }
    }
  });

  it("is deterministic", () => {
    const first = extractiveSummary(longest, { maxSentences: 3 });
    expect(extractiveSummary(longest, { maxSentences: 3 })).toBe(first);
    expect(extractiveSummary(`${longest}`, { maxSentences: 3 })).toBe(first);
  });

  it("summarises a Japanese blog entry (EUC-JP) by its own sentences, joined without spaces", () => {
    const xml = new TextDecoder("euc-jp").decode(corpus("feeds/feedparser/illformed/chardet/eucjp.xml"));
    const text = /<description>([\s\S]*?)<\/description>/.exec(xml)![1]!;
    expect(split(text, true)).toEqual([
      "『SDガンダムGジェネレーションNEO』をずっとプレイしている。",
      "『ウルトラマン』はストリーモードを終えて、ほぼやり尽くしてしまった。",
      "GジェネNEOは、やっと面白くなりつつある。",
      "なるほど、PS2ってすごい画像処理能力だなあと今頃感動している。",
      "今年こそ遅れないようPS3とXBOX360を買おう（しかし、正月以外はゲームやる暇ないほど忙しいんだよね）。",
      "それにしても、正月って食べてばっかりでマジ太るよね。...",
    ]);
    const sentences = extractiveSentences(text, { maxChars: 100 });
    const summary = extractiveSummary(text, { maxChars: 100 });
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(summary).toBe(sentences.join(""));
    expect(summary.length).toBeLessThanOrEqual(100);
    expectVerbatimInOrder(sentences, text);
  });

  it("keeps a Chinese title (GB2312) without final punctuation whole", () => {
    const xml = new TextDecoder("gb2312").decode(corpus("feeds/feedparser/illformed/chardet/gb2312.xml"));
    const title = /<title>([\s\S]*?)<\/title>/.exec(xml)![1]!;
    expect(title).toBe("不归移民漫画系列：专业工作");
    expect(extractiveSummary(title)).toBe(title);
  });
});

describe("extractiveSummary", () => {
  it('gives "" for empty or blank text, or no room', () => {
    expect(extractiveSummary("")).toBe("");
    expect(extractiveSummary(" \n\t\n ")).toBe("");
    expect(extractiveSummary("A sentence that is long enough to keep.", { maxChars: 0 })).toBe("");
  });

  it("gives a single sentence back when it fits, nothing when it does not", () => {
    expect(extractiveSummary("  The only sentence of this short text.\n")).toBe("The only sentence of this short text.");
    expect(extractiveSummary("The only sentence of this short text.", { maxChars: 20 })).toBe("");
    expect(extractiveSummary("First of two sentences here. Second of the two sentences.")).toBe(
      "First of two sentences here. Second of the two sentences.",
    );
  });

  it("takes the language as a hint only: English text stays English under a zh or ja tag", () => {
    const text = "The first sentence of this text is here. The second sentence of this text follows.";
    expect(extractiveSummary(text, { language: "zh" })).toBe(text);
    expect(extractiveSummary(text, { language: "ja-JP" })).toBe(text);
    const japanese = "東京は晴れです。This is a longer English sentence in the same text. 大阪は雨です。";
    expect(extractiveSummary(japanese, { language: "ja" })).toBe("東京は晴れです。This is a longer English sentence in the same text.大阪は雨です。");
  });

  it("takes at least one sentence whatever maxSentences says", () => {
    const text = "Cats sleep most of the day. Cats also hunt at night. Dogs bark at cats in the garden.";
    expect(extractiveSentences(text, { maxSentences: 0 })).toHaveLength(1);
    expect(extractiveSentences(text, { maxSentences: 1.9 })).toHaveLength(1);
  });

  it("does not end sentences at abbreviations, initials, decimals or in URLs", () => {
    const text =
      "Mr. Smith paid $3.50 for it, e.g. at Acme yesterday. Dr. Jones went to the U.S. Army base. " +
      "She lives in the U.S. The weather there is fine. See https://example.com/a.html for more. " +
      "J. R. R. Tolkien wrote it. He said \"Stop.\" (Then he left.) Growth was 3.5% in Q1 (vs. 2.9% a year ago). It costs approx. 5 USD!";
    expect(split(text)).toEqual([
      "Mr. Smith paid $3.50 for it, e.g. at Acme yesterday.",
      "Dr. Jones went to the U.S. Army base.",
      "She lives in the U.S.",
      "The weather there is fine.",
      "See https://example.com/a.html for more.",
      "J. R. R. Tolkien wrote it.",
      'He said "Stop."',
      "(Then he left.)",
      "Growth was 3.5% in Q1 (vs. 2.9% a year ago).",
      "It costs approx. 5 USD!",
    ]);
  });

  it("never joins two lines into one sentence, and skips headings when there are sentences", () => {
    const text = "A heading without a stop\nThe first paragraph says something useful here.\nAnd the second one ends";
    expect(split(text)).toEqual(["A heading without a stop", "The first paragraph says something useful here.", "And the second one ends"]);
    expect(extractiveSentences(text, { maxSentences: 10, maxChars: 1000 })).toEqual(["The first paragraph says something useful here."]);
  });

  it("splits Chinese at 。！？ and ；, keeps decimals, joins the summary without spaces", () => {
    const text = "今天天气很好。我们去公园吧！你觉得怎么样？好的；那就走吧……他说：“我来了。”然后离开了。价格是3.5元。";
    expect(split(text, true)).toEqual([
      "今天天气很好。",
      "我们去公园吧！",
      "你觉得怎么样？",
      "好的；",
      "那就走吧……",
      "他说：“我来了。”",
      "然后离开了。",
      "价格是3.5元。",
    ]);
    const sentences = extractiveSentences(text, { maxChars: 1000, maxSentences: 20 });
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(extractiveSummary(text, { maxChars: 1000, maxSentences: 20 })).toBe(sentences.join(""));
    expectVerbatimInOrder(sentences, text);
  });

  it("splits Japanese at 。！？, before an opening bracket, not before the particle after a quote", () => {
    const text = "今日は晴れです。明日は雨が降る！本当ですか？彼は「そうです。」と言った。「{{view}}」を選ぶ。ＰＳ３を買おう（しかし、忙しい）。";
    expect(split(text, true)).toEqual([
      "今日は晴れです。",
      "明日は雨が降る！",
      "本当ですか？",
      "彼は「そうです。」と言った。",
      "「{{view}}」を選ぶ。",
      "ＰＳ３を買おう（しかし、忙しい）。",
    ]);
    const sentences = extractiveSentences(text, { language: "ja", maxSentences: 2 });
    expect(sentences).toHaveLength(2);
    expect(extractiveSummary(text, { language: "ja", maxSentences: 2 })).toBe(sentences.join(""));
  });

  it("cuts text without punctuation into pieces rather than one long sentence", () => {
    const words = Array.from({ length: 400 }, (_, i) => ["river", "stone", "bridge", "market", "lantern"][i % 5] + String(i % 7));
    const text = words.join(" ");
    const sentences = extractiveSentences(text);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(extractiveSummary(text).length).toBeLessThanOrEqual(600);
    for (const sentence of sentences) expect(sentence.length).toBeLessThanOrEqual(400);
    expectVerbatimInOrder(sentences, text);
    const chinese = "东京都的天气很好我们明天去公园散步然后一起吃饭".repeat(40);
    for (const sentence of extractiveSentences(chinese)) expect(sentence.length).toBeLessThanOrEqual(160);
  });

  it("ranks first the sentence most like the others (TextRank), not merely the first one", () => {
    const text = [
      "Tickets for the autumn concert series went on sale this morning.",
      "The river flooded the lower town after three days of heavy rain.",
      "Heavy rain kept falling on the town through the night.",
      "Firefighters moved families from the lower town as the river rose after the rain.",
      "The river is expected to fall once the rain stops.",
      "A local bakery has started selling a new kind of bread.",
    ].join(" ");
    expect(extractiveSentences(text, { maxSentences: 1 })).toEqual(["The river flooded the lower town after three days of heavy rain."]);
    expect(extractiveSentences(text, { maxSentences: 2 })).toEqual([
      "The river flooded the lower town after three days of heavy rain.",
      "Firefighters moved families from the lower town as the river rose after the rain.",
    ]);
  });

  it("does not choose a sentence and its (near) duplicate", () => {
    const central = "The city council approved the new budget for public parks and libraries.";
    const text = [
      central,
      "Parks and libraries will get more money from the new budget.",
      central,
      "The council said the budget for parks and libraries was a priority.",
      "The city council approved the new budget for public parks and libraries today.",
      "Some residents asked the council to spend more on roads instead.",
      central,
    ].join(" ");
    const summary = extractiveSummary(text, { maxChars: 1000, maxSentences: 4 });
    expect(summary.split(central).length - 1).toBe(1);
    expect(summary).not.toContain("libraries today.");
    expect(extractiveSentences(text, { maxChars: 1000, maxSentences: 4 })).toHaveLength(4);
  });

  it("reads only the first 300 sentences of a very long text", () => {
    const text = Array.from({ length: 1000 }, (_, i) => `Sentence number ${i} talks about topic ${i % 13} and more.`).join(" ");
    const sentences = extractiveSentences(text);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    for (const sentence of sentences) expect(Number(/number (\d+)/.exec(sentence)![1])).toBeLessThan(300);
  });
});
