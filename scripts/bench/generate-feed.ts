/** Deterministic, realistic feed documents for benchmarks. */

const WORDS =
  "feed reader article server parse entry update timeline morning evening river mountain story update release network garden history science music coffee travel paper market city light".split(" ");

/** A small deterministic pseudo-random generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const text = out.join(" ");
  return text[0]!.toUpperCase() + text.slice(1) + ".";
}

/** About 1.8 KB of article HTML: paragraphs, a link with tracking parameters, an image, a list. */
export function articleHtml(next: () => number, n: number): string {
  const paragraphs = Array.from({ length: 5 }, () => `<p>${sentence(next, 28)} <a href="https://example.com/p/${n}?utm_source=rss&amp;id=${n}">${sentence(next, 3)}</a> ${sentence(next, 12)}</p>`);
  return `${paragraphs.slice(0, 2).join("")}<figure><img src="/images/${n}.jpg" width="800" height="450" alt="${sentence(next, 4)}"><figcaption>${sentence(next, 8)}</figcaption></figure>${paragraphs.slice(2).join("")}<ul><li>${sentence(next, 6)}</li><li>${sentence(next, 6)}</li></ul><img src="https://pixel.example/t.gif" width="1" height="1">`;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * An RSS 2.0 document with `items` items, newest first. Item k (1 = oldest) is published at
 * `first + k × gapMinutes` and its text depends only on (seed, k): adding items to a feed leaves
 * the existing ones byte for byte the same, as a real feed does.
 */
export function rssDocument(options: { items: number; seed: number; title: string; site: string; first: number; gapMinutes: number }): string {
  const items: string[] = [];
  for (let i = 0; i < options.items; i++) {
    const k = options.items - i;
    const next = random(options.seed * 100_003 + k);
    const html = articleHtml(next, k);
    const date = new Date(options.first + k * options.gapMinutes * 60_000).toUTCString();
    const guid = `${options.site}/posts/${k}`;
    items.push(
      `<item><title>${escapeXml(sentence(next, 7))}</title><link>${options.site}/posts/${k}</link><guid isPermaLink="false">${guid}</guid><pubDate>${date}</pubDate><dc:creator>${sentence(next, 2)}</dc:creator><category>${WORDS[k % WORDS.length]}</category><description>${escapeXml(sentence(next, 30))}</description><content:encoded><![CDATA[${html}]]></content:encoded></item>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${escapeXml(options.title)}</title><link>${options.site}/</link><description>Benchmark feed</description><language>en</language>\n${items.join("\n")}\n</channel></rss>\n`;
}
