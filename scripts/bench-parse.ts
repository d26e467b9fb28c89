// `npm run bench:parse`: decode + parse + normalise + sanitise throughput on a 5 MB RSS feed of 2000
// items, beside the raw XML tokenising speed of htmlparser2 on the same bytes, with the time of
// each stage. Target: at least 10 MB/s end to end.
import { parseFeed } from "feedsmith";
import { Parser } from "htmlparser2";
import { decodeDocument } from "../apps/server/src/fetcher/decode.ts";
import { parseFeedDocument } from "../apps/server/src/fetcher/parse/parse-feed.ts";
import { finalizeEntry, prepareEntries } from "../apps/server/src/fetcher/prepare-entries.ts";
import { rssDocument } from "./bench/generate-feed.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const xml = rssDocument({ items: 2000, seed: 42, title: "Bench", site: "https://bench.example", first: Date.parse("2026-10-01T00:00:00Z"), gapMinutes: 17 });
const bytes = new TextEncoder().encode(xml);
const megabytes = bytes.length / 1024 / 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const time = (fn: () => void) => {
  const started = performance.now();
  fn();
  return performance.now() - started;
};

const stages = { decode: [] as number[], feedsmith: [] as number[], normalise: [] as number[], sanitise: [] as number[], total: [] as number[], tokenise: [] as number[] };
let entries = 0;
for (let run = 0; run < RUNS + 1; run++) {
  let text = "";
  let parsed: ReturnType<typeof parseFeedDocument> | undefined;
  const decode = time(() => (text = decodeDocument(bytes, "application/rss+xml").text));
  const feedsmith = time(() => parseFeed(text));
  const parseAll = time(() => (parsed = parseFeedDocument(text, "https://bench.example/feed.xml")));
  const sanitise = time(() => (entries = prepareEntries(parsed!.entries, Date.now()).map(finalizeEntry).length));
  const tokenise = time(() => {
    const parser = new Parser({}, { xmlMode: true });
    parser.write(text);
    parser.end();
  });
  if (run === 0) continue; // warm-up
  stages.decode.push(decode);
  stages.feedsmith.push(feedsmith);
  stages.normalise.push(Math.max(0, parseAll - feedsmith));
  stages.sanitise.push(sanitise);
  stages.total.push(decode + parseAll + sanitise);
  stages.tokenise.push(tokenise);
}

const rate = (ms: number) => (megabytes / (ms / 1000)).toFixed(1);
console.log(`Node ${process.version}; ${megabytes.toFixed(2)} MB RSS 2.0, ${entries} items; median of ${RUNS} runs after a warm-up`);
console.table(
  Object.fromEntries(
    Object.entries(stages).map(([stage, values]) => [stage, { "median ms": Math.round(median(values)), "MB/s": rate(median(values)) }]),
  ),
);
console.log(`end to end (decode + parse + normalise + sanitise): ${rate(median(stages.total))} MB/s; raw XML tokenising (htmlparser2): ${rate(median(stages.tokenise))} MB/s`);
