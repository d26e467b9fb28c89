// `node scripts/compare-markdown.ts [feed files or folders…]`: our HTML → Markdown converter
// (packages/utils/src/html-to-markdown.ts, used for Outline saves and Obsidian notes) beside
// turndown with a GFM plugin, on real entries. Every entry of the feed corpus (test-data/corpus/
// feeds, the shared corpus's copy) is read as a refresh stores it (the server's engine.readFeed:
// decode, parse, sanitise), converted by each candidate, and the Markdown rendered back with
// markdown-it (CommonMark + GFM tables; raw HTML on, as Obsidian shows it). What a reader would
// miss is counted against the entry's own HTML: links, images, data tables and their header
// rows, code blocks kept verbatim, list items and nested ones, words (lost or glued, markers
// shown or eaten), Markdown that is raw HTML, and whitespace-only lines. Then the speed per MB
// of HTML (parse included) and the minified size of each converter as the web client would
// bundle it (Vite library builds).
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Window } from "happy-dom";
import { parseHTML } from "linkedom";
import MarkdownIt from "markdown-it";
import TurndownService from "turndown";
import { engine } from "@tidings/server";
import { domToMarkdown, type MarkdownSourceNode } from "../packages/utils/src/html-to-markdown.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
/** A read entry's content comes as UTF-8 bytes. */
const utf8 = new TextDecoder();
const RUNS = Number(process.env.COMPARE_RUNS ?? 5);
const require = createRequire(import.meta.url);
const joplinGfm = (require("@joplin/turndown-plugin-gfm") as { gfm: TurndownService.Plugin }).gfm;
const originalGfm = (require("turndown-plugin-gfm") as { gfm: TurndownService.Plugin }).gfm;

// ---- Real entries, as stored
function feedFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target).flatMap((name) => (/^(output|LICENSE|README)|\.(expected\.json|md)$/.test(name) ? [] : feedFiles(path.join(target, name))));
}
const targets = process.argv.length > 2 ? process.argv.slice(2) : [path.join(ROOT, "test-data/corpus/feeds")];
const entries: { id: string; url: string | null; html: string }[] = [];
const seen = new Set<string>();
for (const file of targets.flatMap(feedFiles)) {
  const read = engine.readFeed({ body: readFileSync(file), contentType: null, url: `https://corpus.example/${path.basename(file)}`, known: [], now: Date.now() });
  if (!read.ok) continue;
  for (const entry of read.entries) {
    const html = entry.content ? utf8.decode(entry.content) : null;
    if (!html || seen.has(html)) continue;
    seen.add(html);
    entries.push({ id: `${path.relative(ROOT, file)} ${entry.url ?? entry.guid}`, url: entry.url ?? null, html });
  }
}
const bytes = entries.reduce((sum, entry) => sum + Buffer.byteLength(entry.html), 0);
console.log(`${entries.length} distinct entries with content, ${(bytes / 1024).toFixed(0)} KB of sanitised HTML`);

// ---- The candidates: each takes an entry's stored HTML and its URL (links resolve against it)
const bodyOf = (html: string) => parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document.body as unknown as HTMLElement;
/** Turndown configured for GFM as a wrapper would (options only, no rules of ours). */
const turndown = (plugin: TurndownService.Plugin) =>
  new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-", hr: "---" }).use(plugin).remove(["script", "style"]);
const withJoplin = turndown(joplinGfm);
const withOriginal = turndown(originalGfm);
/** What turndown would need of us for the code blocks of the corpus: any <pre> as a fenced block. */
const withPreRule = turndown(joplinGfm).addRule("anyPre", {
  filter: "pre",
  replacement: (_content, node) => {
    const text = (function lines(n: Node): string {
      return [...n.childNodes].map((c) => (c.nodeType === 3 ? (c.nodeValue ?? "") : c.nodeName === "BR" ? "\n" : lines(c))).join("");
    })(node);
    return `\n\n\`\`\`\n${text.replace(/\n$/, "")}\n\`\`\`\n\n`;
  },
});
const happyParser = new new Window().DOMParser();
type Convert = (html: string, baseUrl: string | null) => string;
const CANDIDATES: Record<string, Convert> = {
  ours: (html, baseUrl) => domToMarkdown(bodyOf(html) as unknown as MarkdownSourceNode, baseUrl ? { baseUrl } : {}),
  "turndown + @joplin gfm": (html) => withJoplin.turndown(html),
  "turndown + gfm 1.0.2": (html) => withOriginal.turndown(html),
  "turndown + @joplin gfm, on linkedom": (html) => withJoplin.turndown(bodyOf(html)),
  "turndown + @joplin gfm, on happy-dom": (html) => withJoplin.turndown(happyParser.parseFromString(html, "text/html").body as unknown as HTMLElement),
  "turndown + @joplin gfm + our <pre> rule": (html) => withPreRule.turndown(html),
};

// ---- The judge: what the reader sees, from the source HTML and from the rendered Markdown
const BLOCK = /^(P|DIV|SECTION|ARTICLE|HEADER|FOOTER|MAIN|ASIDE|NAV|FIGURE|FIGCAPTION|DETAILS|SUMMARY|ADDRESS|DL|DT|DD|CENTER|BODY|H[1-6]|UL|OL|LI|BLOCKQUOTE|PRE|TABLE|CAPTION|THEAD|TBODY|TFOOT|TR|TD|TH|HR|IMG)$/;
/** Text as a reader sees it: blocks, cells and breaks apart. */
function seenText(node: Node): string {
  if (node.nodeType === 3) return node.nodeValue ?? "";
  if (node.nodeName === "BR") return "\n";
  const inner = [...node.childNodes].map(seenText).join("");
  return BLOCK.test(node.nodeName) ? ` ${inner} ` : inner;
}
const squeeze = (node: Node) => seenText(node).replace(/\s+/g, "");
const resolve = (url: string, base: string | null) => URL.parse(url, base ?? undefined)?.href ?? url;

function facts(body: HTMLElement, baseUrl: string | null) {
  const all = <T extends Element>(selector: string) => [...body.querySelectorAll<T>(selector)];
  const rows = (table: Element) => [...table.querySelectorAll("tr")].filter((row) => row.closest("table") === table);
  const cells = (table: Element) => [...table.querySelectorAll("td,th")].map(squeeze).filter(Boolean).join("¦");
  const data = all("table").filter((t) => !t.querySelector("table") && rows(t).length > 1 && Math.max(...rows(t).map((r) => r.children.length)) > 1);
  return {
    links: all<HTMLAnchorElement>("a[href]").filter((a) => a.textContent?.trim() || a.querySelector("img")).map((a) => resolve(a.getAttribute("href")!, baseUrl)).filter((h) => /^https?:/.test(h)),
    images: all("img[src]").map((img) => resolve(img.getAttribute("src")!, baseUrl)),
    dataTables: data.map(cells),
    tables: all("table").map(cells),
    headerRows: data.filter((t) => [...rows(t)[0]!.children].every((c) => c.nodeName === "TH")).map((t) => [...rows(t)[0]!.children].map(squeeze).join("¦")),
    theads: all("thead").map((head) => [...head.querySelectorAll("th,td")].map(squeeze).join("¦")),
    code: all("pre").map((pre) => ({ text: [...pre.childNodes].map(seenText).join("").replace(/^\n|\n+$/g, "").replace(/[ \t]+$/gm, ""), inCell: !!pre.closest("td,th") })),
    items: all("li").length,
    nested: all("li li").length,
    words: seenText(body).split(/\s+/).filter(Boolean),
  };
}
/** What of `expected` is not in `actual`, counting repeats. */
function missing(expected: string[], actual: string[]): string[] {
  const left = new Map<string, number>();
  for (const value of actual) left.set(value, (left.get(value) ?? 0) + 1);
  return expected.filter((value) => {
    const n = left.get(value) ?? 0;
    left.set(value, n - 1);
    return n <= 0;
  });
}

const markdownIt = new MarkdownIt({ html: true });
const COUNTS = ["lost links", "lost images", "broken data tables", "lost header rows", "code blocks not kept", "of them in table cells", "lost list items", "lost nested items", "words lost or changed", "entries with word changes", "entries with raw HTML tags", "whitespace-only lines", "errors"] as const;
type Counts = Record<(typeof COUNTS)[number], number>;
const results: Record<string, Counts> = {};
const examples: Record<string, string[]> = {};
const sources = entries.map((entry) => facts(bodyOf(entry.html), entry.url));
for (const [name, convert] of Object.entries(CANDIDATES)) {
  const counts = Object.fromEntries(COUNTS.map((key) => [key, 0])) as Counts;
  const found: string[] = (examples[name] = []);
  const note = (entry: (typeof entries)[number], what: string) => void (found.length < 12 && found.push(`${entry.id}\n    ${what}`));
  entries.forEach((entry, i) => {
    let markdown: string;
    try {
      markdown = convert(entry.html, entry.url);
    } catch (error) {
      counts.errors++;
      return note(entry, `throws ${(error as Error).message}`);
    }
    const source = sources[i]!;
    const seen = facts(bodyOf(markdownIt.render(markdown)), entry.url);
    const check = (key: keyof Counts, lost: string[], show = (v: string) => v) => {
      counts[key] += lost.length;
      if (lost.length) note(entry, `${key}: ${lost.slice(0, 2).map(show).join(" ")}`);
    };
    check("lost links", missing(source.links, seen.links));
    check("lost images", missing(source.images, seen.images));
    check("broken data tables", missing(source.dataTables, seen.tables), (cells) => cells.slice(0, 60));
    check("lost header rows", missing(source.headerRows, seen.theads));
    const lostCode = source.code.filter((block) => !seen.code.some((kept) => kept.text === block.text));
    counts["of them in table cells"] += lostCode.filter((block) => block.inCell).length;
    check("code blocks not kept", lostCode.map((block) => block.text), (text) => {
      const firstLine = text.split("\n").find((line) => line.trim()) ?? "";
      const shown = markdown.split("\n").find((line) => line.includes(firstLine.trim().slice(0, 20))) ?? "(not found)";
      return `\n      source: ${JSON.stringify(firstLine.slice(0, 70))}\n      markdown: ${JSON.stringify(shown.slice(0, 90))}`;
    });
    counts["lost list items"] += Math.max(0, source.items - seen.items);
    counts["lost nested items"] += Math.max(0, source.nested - seen.nested);
    const lost = missing(source.words, seen.words);
    const added = missing(seen.words, source.words);
    counts["words lost or changed"] += Math.max(lost.length, added.length);
    if (lost.length || added.length) {
      counts["entries with word changes"]++;
      note(entry, `words: ${JSON.stringify(lost.slice(0, 4))} became ${JSON.stringify(added.slice(0, 4))}`);
    }
    if (/<\/?(table|div|p|span|br)\b/i.test(markdown.replace(/`[^`]*`/g, ""))) counts["entries with raw HTML tags"]++;
    counts["whitespace-only lines"] += (markdown.match(/^[ \t]+$/gm) ?? []).length;
  });
  results[name] = counts;
}
console.log("\nWhat a reader would miss, totals over all entries (lower is better). In the entries:");
const totals = sources.reduce(
  (sum, s) => ({ links: sum.links + s.links.length, images: sum.images + s.images.length, "data tables": sum["data tables"] + s.dataTables.length, "code blocks": sum["code blocks"] + s.code.length, "list items": sum["list items"] + s.items, nested: sum.nested + s.nested }),
  { links: 0, images: 0, "data tables": 0, "code blocks": 0, "list items": 0, nested: 0 },
);
console.log(Object.entries(totals).map(([key, n]) => `${n} ${key}`).join(", "));
console.table(Object.fromEntries(COUNTS.map((key) => [key, Object.fromEntries(Object.entries(results).map(([name, counts]) => [name, counts[key]]))])));

// ---- Speed: MB of HTML per second, parse included; the best of RUNS rounds, candidates interleaved
const best: Record<string, number> = {};
for (let round = 0; round <= RUNS; round++) {
  for (const [name, convert] of Object.entries(CANDIDATES)) {
    const started = performance.now();
    for (const entry of entries) {
      try {
        convert(entry.html, entry.url);
      } catch {
        // counted above
      }
    }
    const ms = performance.now() - started;
    if (round > 0) best[name] = Math.min(best[name] ?? Infinity, ms);
  }
}
console.log(`\nSpeed, best of ${RUNS} rounds (Node ${process.version}):`);
console.table(Object.fromEntries(Object.entries(best).map(([name, ms]) => [name, { ms: Math.round(ms), "MB/s": Number((bytes / 1048576 / (ms / 1000)).toFixed(2)) }])));

// ---- Web client bundle: each converter as obsidian.ts would call it, minified by Vite
const { build } = await import("vite");
const scratch = path.join(ROOT, "node_modules/.cache/compare-markdown");
mkdirSync(scratch, { recursive: true });
const ENTRIES: Record<string, string> = {
  ours: `import { domToMarkdown } from ${JSON.stringify(path.join(ROOT, "packages/utils/src/html-to-markdown.ts"))};\nexport const md = (html) => domToMarkdown(new DOMParser().parseFromString(html, "text/html").body);`,
  "turndown + @joplin gfm": `import TurndownService from "turndown";\nimport { gfm } from "@joplin/turndown-plugin-gfm";\nexport const md = (html) => new TurndownService().use(gfm).turndown(html);`,
  "turndown + gfm 1.0.2": `import TurndownService from "turndown";\nimport { gfm } from "turndown-plugin-gfm";\nexport const md = (html) => new TurndownService().use(gfm).turndown(html);`,
};
const sizes: Record<string, { "min KB": number; "gzip KB": number }> = {};
const { gzipSync } = await import("node:zlib");
for (const [name, source] of Object.entries(ENTRIES)) {
  const file = path.join(scratch, `${name.replace(/\W+/g, "-")}.js`);
  writeFileSync(file, source);
  const output = await build({ root: scratch, logLevel: "silent", configFile: false, build: { write: false, minify: true, lib: { entry: file, formats: ["es"], fileName: "out" } } });
  const code = (Array.isArray(output) ? output : [output]).flatMap((o) => ("output" in o ? o.output : [])).map((chunk) => ("code" in chunk ? chunk.code : "")).join("");
  sizes[name] = { "min KB": Number((code.length / 1024).toFixed(1)), "gzip KB": Number((gzipSync(code).length / 1024).toFixed(1)) };
}
console.log("\nMinified size in the web client's lazy chunk:");
console.table(sizes);

console.log("\nExamples (up to 12 per candidate):");
for (const [name, found] of Object.entries(examples)) console.log(`\n## ${name}\n  ${found.join("\n  ") || "(none)"}`);
