// `node scripts/bench-sanitize.ts [--dir DIR]`: throughput of the entry sanitiser on the item HTML
// of realistic feeds, beside a raw htmlparser2 pass (no callbacks) over the same strings (the
// sanitize-html setup it replaced was measured too until that package was dropped). Without
// --dir the items are the generated articles of `npm run bench:parse`; with it, every feed file
// in DIR, e.g. after `node /work/shared/bench/gen-feeds.mjs --out /tmp/sanbench --n 20 --seed 7 --base http://127.0.0.1:1`.
// Target: the sanitiser at ≥ 35% of the raw parser pass.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";
import { engine } from "@tidings/server";
import { articleHtml, random } from "./bench/generate-feed.ts";

const { sanitizeHtml, sanitizeHtmlWithText } = engine;

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
type Item = { html: string; baseUrl: string | null };

// The HTML of each item or entry, as a feed parser would hand it to the sanitiser: the full
// content if there is one, else the summary. Read with htmlparser2's XML mode rather than the
// app's feed parser, so that the figures measure the sanitiser only.
const CONTENT = ["content:encoded", "content", "description", "summary"];
function itemsOf(xml: string, baseUrl: string): Item[] {
  const items: Item[] = [];
  let fields: Map<string, string> | null = null;
  let field: string | null = null;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "item" || name === "entry") fields = new Map();
        else if (fields && CONTENT.includes(name)) field = name;
      },
      ontext(text) {
        if (fields && field) fields.set(field, (fields.get(field) ?? "") + text);
      },
      onclosetag(name) {
        if (name === field) field = null;
        if ((name === "item" || name === "entry") && fields) {
          const html = CONTENT.map((f) => fields?.get(f)).find(Boolean);
          if (html) items.push({ html, baseUrl });
          fields = null;
        }
      },
    },
    { xmlMode: true, recognizeCDATA: true },
  );
  parser.end(xml);
  return items;
}

function feedItems(dir: string): Item[] {
  const items: Item[] = [];
  for (const file of readdirSync(dir).sort()) {
    const text = readFileSync(path.join(dir, file), "latin1");
    const baseUrl = `https://bench.example/${file}/`;
    if (file.endsWith(".json")) {
      const feed = JSON.parse(text) as { items?: Array<{ content_html?: string; summary?: string }> };
      for (const item of feed.items ?? []) if (item.content_html) items.push({ html: item.content_html, baseUrl });
    } else if (/\.(?:rss|atom|rdf|xml)$/.test(file)) {
      items.push(...itemsOf(text, baseUrl));
    }
  }
  return items;
}

function generatedItems(count: number): Item[] {
  return Array.from({ length: count }, (_, k) => ({ html: articleHtml(random(4200 + k), k), baseUrl: `https://bench.example/posts/${k}` }));
}

const dirAt = process.argv.indexOf("--dir");
const items = dirAt > 0 ? feedItems(process.argv[dirAt + 1] ?? ".") : generatedItems(2000);
const megabytes = items.reduce((sum, item) => sum + item.html.length, 0) / 1024 / 1024;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const passes: Record<string, (item: Item) => unknown> = {
  "raw htmlparser2 Parser, no callbacks": ({ html }) => new Parser({}).end(html),
  "sanitizeHtml": ({ html, baseUrl }) => sanitizeHtml(html, { baseUrl }),
  "sanitizeHtmlWithText": ({ html, baseUrl }) => sanitizeHtmlWithText(html, { baseUrl }),
};

// Round-robin over slices of 50 items, so that every pass sees the same share of whatever else
// the machine is doing (the ratios are what count; the absolute figures move with the load).
const SLICE = 50;
const times = new Map<string, number[]>(Object.keys(passes).map((name) => [name, []]));
for (let run = 0; run <= RUNS; run++) {
  const spent = new Map<string, number>();
  for (let from = 0; from < items.length; from += SLICE) {
    const slice = items.slice(from, from + SLICE);
    for (const [name, pass] of Object.entries(passes)) {
      const started = performance.now();
      for (const item of slice) pass(item);
      spent.set(name, (spent.get(name) ?? 0) + performance.now() - started);
    }
  }
  if (run > 0) for (const [name, ms] of spent) times.get(name)?.push(ms); // run 0 warms up
}
const stages = Object.fromEntries([...times].map(([name, values]) => [name, median(values)]));

const rate = (ms: number) => megabytes / (ms / 1000);
const raw = stages["raw htmlparser2 Parser, no callbacks"] ?? Number.NaN;
console.log(`Node ${process.version}; ${items.length} items, ${megabytes.toFixed(2)} MB of HTML; median of ${RUNS} runs after a warm-up`);
console.table(
  Object.fromEntries(
    Object.entries(stages).map(([stage, ms]) => [stage, { "median ms": Math.round(ms), "MB/s": Number(rate(ms).toFixed(1)), "% of raw": Math.round((100 * raw) / ms) }]),
  ),
);
