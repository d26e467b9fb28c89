// `npm run bench:summary`: milliseconds per call of extractiveSummary (the local summariser) on a
// ~5,000-word English text made of real corpus articles, and on long Chinese and Japanese texts;
// median and p95 after a warm-up, against the target of at most 50 ms for 5,000 English words.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { decodeHTML } from "entities";
import { engine } from "@tidings/server";

const { extractiveSummary, htmlToText } = engine;

const RUNS = Math.max(20, Number(process.env.BENCH_RUNS ?? 50));
const WARM_UP = 5;
const TARGET_MS = 50;
const TARGET_WORDS = 5000;
const ROOT = path.resolve(import.meta.dirname, "..");
// Google Testing Blog (Atom): the corpus's longest English articles, up to ~2,000 words each.
const ENGLISH_FEED = "test-data/corpus/feeds/rss-parser/input/many-links.rss";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The longest articles of the feed, longest first, concatenated until TARGET_WORDS. */
function englishText(): { text: string; source: string } {
  const xml = readFileSync(path.join(ROOT, ENGLISH_FEED), "utf8");
  const articles = [...xml.matchAll(/<content type="html">([\s\S]*?)<\/content>/g)]
    .map((match) => htmlToText(decodeHTML(match[1]!)))
    .sort((a, b) => words(b) - words(a));
  const taken: string[] = [];
  while (words(taken.join("\n")) < TARGET_WORDS && taken.length < articles.length) taken.push(articles[taken.length]!);
  const longest = words(articles[0] ?? "");
  const source = `${ENGLISH_FEED}: no article reaches ${TARGET_WORDS} words (longest ${longest}), so the ${taken.length} longest are concatenated`;
  return { text: taken.join("\n"), source };
}

/**
 * The sentences (strings holding a 。) of a locale's JSON files, six to a paragraph, written
 * without spaces as Chinese and Japanese are. The corpus holds no long Chinese or Japanese
 * article (a few short entries only), so the product's own translations stand in.
 */
function localeText(locale: string): { text: string; source: string } {
  const dir = path.join(ROOT, "packages/i18n/locales", locale);
  const lines: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") lines.push(value);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json")).sort()) {
    collect(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
  }
  const sentences = lines.filter((line) => line.includes("。"));
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 6) paragraphs.push(sentences.slice(i, i + 6).join(""));
  const source = `packages/i18n/locales/${locale}/*.json, ${sentences.length} UI strings with a 。 (no long CJK article in the corpus)`;
  return { text: paragraphs.join("\n"), source };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function bench(name: string, text: string, language: string) {
  let start = performance.now();
  const summary = extractiveSummary(text, { language });
  const first = performance.now() - start;
  for (let i = 0; i < WARM_UP; i++) extractiveSummary(text, { language });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    start = performance.now();
    extractiveSummary(text, { language });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  const size = `${language === "en" ? `${words(text)} words, ` : ""}${text.length} chars, ${text.split(/\n+/).length} paragraphs`;
  const ms = (value: number, width: number) => `${value.toFixed(2).padStart(width)} ms`;
  console.log(`${name.padEnd(9)} ${size.padEnd(38)} first ${ms(first, 6)}  median ${ms(median, 6)}  p95 ${ms(p95, 6)}  summary ${summary.length} chars`);
  console.log(`          ${summary.length > 150 ? `${summary.slice(0, 150)}…` : summary}`);
  return { median, p95 };
}

const english = englishText();
const chinese = localeText("zh-CN");
const japanese = localeText("ja");
console.log(`Node ${process.version}; ${RUNS} timed runs per text after a warm-up of ${WARM_UP} (first = the very first call, cold)`);
console.log(`English:  ${english.source}`);
console.log(`Chinese:  ${chinese.source}`);
console.log(`Japanese: ${japanese.source}`);
const result = bench("English", english.text, "en");
bench("Chinese", chinese.text, "zh-CN");
bench("Japanese", japanese.text, "ja");
const met = result.p95 <= TARGET_MS;
const figures = `median ${result.median.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms for ${words(english.text)} words`;
console.log(`Target: p95 at most ${TARGET_MS} ms for ${TARGET_WORDS} English words: ${met ? "met" : "NOT met"} (${figures})`);
if (!met) process.exitCode = 1;
