// `npm run bench:parse [-- feed files…]`: decode, parse (the XML tree), normalise (the product's
// model) and sanitise throughput on a 5 MB RSS feed of 2000 items, beside the raw XML tokenising
// speed of htmlparser2 on the same text, then the same on real-shaped feeds (captures from the
// shared corpus, or the files given). Targets, as fractions of the raw pass: parse + normalise at
// least 50%, end to end (decode + parse + normalise + sanitise) at least 25%.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { engine } from "@tidings/server";
import { rssDocument } from "./bench/generate-feed.ts";

const { decodeDocument, finalizeEntry, normalizeFeedDocument, prepareEntries, readFeedDocument } = engine;

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const CORPUS = path.resolve(import.meta.dirname, "../test-data/corpus/feeds");
const REAL_FEEDS = ["rss-parser/input/giantbomb-podcast.rss", "rss-parser/input/guardian.rss", "rss-parser/input/many-links.rss", "miniflux/parser/large_rss.xml", "miniflux/parser/large_atom.xml"];
const DOCUMENT_URL = "https://bench.example/feed.xml";

const STAGES = ["decode", "parse", "normalise", "sanitise", "total", "tokenise"] as const;
type Stage = (typeof STAGES)[number];
type Times = Record<Stage, number>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** How long each group of stages is sampled for, at least: quick documents get more rounds. */
const SAMPLING_MS = Number(process.env.BENCH_SAMPLING_MS ?? 500);

/**
 * Milliseconds per call of each function: the best and the median of at least `runs` rounds
 * after a warm-up one, more when they are quick (until SAMPLING_MS have passed, 200 rounds at
 * most). A round calls each function once, timing each call on its own, so that all see the
 * same load on a shared machine; the best time is the one compared, as the others measure the
 * neighbours as much as the code.
 */
function timeEach<K extends string>(fns: Record<K, () => void>, runs: number): Record<K, { best: number; median: number }> {
  const names = Object.keys(fns) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  let spent = 0;
  for (let round = 0; round <= runs || (spent < SAMPLING_MS && round <= 200); round++) {
    for (const name of names) {
      const started = performance.now();
      fns[name]();
      const ms = performance.now() - started;
      spent += ms;
      if (round > 0) samples[name].push(ms);
    }
  }
  return Object.fromEntries(names.map((name) => [name, { best: Math.min(...samples[name]), median: median(samples[name]) }])) as Record<K, { best: number; median: number }>;
}

/** Milliseconds per document of each stage, each run on the previous stage's output. */
function measure(bytes: Uint8Array, contentType: string | null, runs: number) {
  const text = decodeDocument(bytes, contentType).text;
  const document = readFeedDocument(text, DOCUMENT_URL);
  const feed = normalizeFeedDocument(document, DOCUMENT_URL);
  const now = Date.now();
  // The sanitiser, by far the most allocating stage, runs apart: its garbage would be collected
  // in whatever stage ran next.
  const times = {
    ...timeEach(
      {
        tokenise: () => {
          const parser = new Parser({}, { xmlMode: true });
          parser.write(text);
          parser.end();
        },
        decode: () => decodeDocument(bytes, contentType),
        parse: () => readFeedDocument(text, DOCUMENT_URL),
        normalise: () => normalizeFeedDocument(document, DOCUMENT_URL),
      },
      runs,
    ),
    ...timeEach({ sanitise: () => prepareEntries(feed.entries, now).map(finalizeEntry) }, runs),
  };
  const pick = (key: "best" | "median"): Times => {
    const stages = Object.fromEntries(Object.entries(times).map(([stage, time]) => [stage, time[key]])) as Omit<Times, "total">;
    return { ...stages, total: stages.decode + stages.parse + stages.normalise + stages.sanitise };
  };
  return { best: pick("best"), median: pick("median"), entries: feed.entries.length };
}

const rate = (megabytes: number, ms: number) => megabytes / (ms / 1000);
const percent = (part: number, whole: number) => `${Math.round((100 * part) / whole)}%`;

// The generated feed, stage by stage.
const xml = rssDocument({ items: 2000, seed: 42, title: "Bench", site: "https://bench.example", first: Date.parse("2026-10-01T00:00:00Z"), gapMinutes: 17 });
const bytes = new TextEncoder().encode(xml);
const megabytes = bytes.length / 1024 / 1024;
const { best, median: typical, entries } = measure(bytes, "application/rss+xml", RUNS);
console.log(`Node ${process.version}; ${megabytes.toFixed(2)} MB RSS 2.0, ${entries} items; best and median of at least ${RUNS} rounds after a warm-up`);
console.table(
  Object.fromEntries(
    STAGES.map((stage) => [stage, { "best ms": Number(best[stage].toFixed(1)), "MB/s": Number(rate(megabytes, best[stage]).toFixed(1)), "median ms": Number(typical[stage].toFixed(1)) }]),
  ),
);
const raw = rate(megabytes, best.tokenise);
const parseNormalise = rate(megabytes, best.parse + best.normalise);
const endToEnd = rate(megabytes, best.total);
console.log(`parse + normalise: ${parseNormalise.toFixed(1)} MB/s = ${percent(parseNormalise, raw)} of the raw pass (target 50%)`);
console.log(`end to end (decode + parse + normalise + sanitise): ${endToEnd.toFixed(1)} MB/s = ${percent(endToEnd, raw)} of the raw pass (target 25%); raw XML tokenising (htmlparser2): ${raw.toFixed(1)} MB/s`);

// Real-shaped feeds.
const files = process.argv.length > 2 ? process.argv.slice(2) : REAL_FEEDS.map((file) => path.join(CORPUS, file)).filter((file) => existsSync(file));
if (files.length > 0) {
  const rows: Record<string, Record<string, string | number>> = {};
  for (const file of files) {
    const data = readFileSync(file);
    const size = data.length / 1024 / 1024;
    const result = measure(data, null, RUNS);
    const rawRate = rate(size, result.best.tokenise);
    const parseRate = rate(size, result.best.parse + result.best.normalise);
    rows[path.basename(file)] = {
      KB: Math.round(data.length / 1024),
      items: result.entries,
      "parse+normalise MB/s": Number(parseRate.toFixed(1)),
      "end to end MB/s": Number(rate(size, result.best.total).toFixed(1)),
      "raw MB/s": Number(rawRate.toFixed(1)),
      "p+n / raw": percent(parseRate, rawRate),
      "e2e / raw": percent(rate(size, result.best.total), rawRate),
    };
  }
  console.table(rows);
}
