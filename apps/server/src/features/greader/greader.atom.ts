import type { presentItem } from "./greader.present.ts";

/** A stream as `stream/contents` answers it in JSON, which the Atom output writes out. */
export interface StreamAnswer {
  id: string;
  title: string;
  updated: number;
  items: ReturnType<typeof presentItem>[];
  continuation?: string;
}

const GR = "http://www.google.com/schemas/reader/atom/";
const SCHEME = "http://www.google.com/reader/";

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => (char === "&" ? "&amp;" : char === "<" ? "&lt;" : char === ">" ? "&gt;" : "&quot;"));
/** Characters XML 1.0 cannot carry (a feed's stray control characters) are left out. */
const xmlText = (text: string) => escape(text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ""));
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** A state's or label's name as Google Reader put it in a category's `label`: the last part of its id. */
const labelOf = (category: string) => category.slice(category.lastIndexOf("/") + 1);

/** A stream id as the `<id>` of a Google Reader Atom document or source. */
const tagOf = (stream: string) => `tag:google.com,2005:reader/${stream}`;

/**
 * A stream as Google Reader's Atom output (`/reader/atom/<stream>`, `output=atom`) wrote it: one
 * `<entry>` per item, its long id, title, link, published and updated times, author, content, its
 * states and labels as `<category>` elements (term, Google Reader's scheme, and the state's name
 * as label, which Atom clients read their read and starred marks from), its source (the feed it
 * came from) and `gr:crawl-timestamp-msec`; the continuation for the next page as
 * `gr:continuation`.
 */
export function atomOf(stream: StreamAnswer, selfUrl: string): string {
  const out: string[] = [
    `<?xml version="1.0" encoding="utf-8"?>`,
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:gr="${GR}" xmlns:idx="urn:atom-extension:indexing" idx:index="no">`,
    `<generator uri="https://github.com/">Tidings</generator>`,
    `<id>${xmlText(tagOf(stream.id))}</id>`,
    `<title>${xmlText(stream.title)}</title>`,
    `<link rel="self" href="${xmlText(selfUrl)}"/>`,
    `<updated>${iso(stream.updated)}</updated>`,
  ];
  if (stream.continuation) out.push(`<gr:continuation>${xmlText(stream.continuation)}</gr:continuation>`);
  for (const item of stream.items) {
    out.push(`<entry gr:crawl-timestamp-msec="${item.crawlTimeMsec}">`, `<id>${item.id}</id>`);
    for (const category of item.categories) out.push(`<category term="${xmlText(category)}" scheme="${SCHEME}" label="${xmlText(labelOf(category))}"/>`);
    out.push(`<title type="html">${xmlText(item.title)}</title>`, `<published>${iso(item.published)}</published>`, `<updated>${iso(item.updated)}</updated>`);
    for (const link of item.alternate) if (link.href) out.push(`<link rel="alternate" href="${xmlText(link.href)}" type="text/html"/>`);
    for (const enclosure of item.enclosure) {
      out.push(`<link rel="enclosure" href="${xmlText(enclosure.href)}"${enclosure.type ? ` type="${xmlText(enclosure.type)}"` : ""}${enclosure.length ? ` length="${enclosure.length}"` : ""}/>`);
    }
    out.push(`<content type="html">${xmlText(item.summary.content)}</content>`);
    out.push(item.author ? `<author><name>${xmlText(item.author)}</name></author>` : `<author gr:unknown-author="true"><name>(author unknown)</name></author>`);
    const { origin } = item;
    if (origin.streamId) {
      out.push(`<source gr:stream-id="${xmlText(origin.streamId)}"><id>${xmlText(tagOf(origin.streamId))}</id><title type="html">${xmlText(origin.title)}</title>`);
      if (origin.htmlUrl) out.push(`<link rel="alternate" href="${xmlText(origin.htmlUrl)}" type="text/html"/>`);
      out.push(`</source>`);
    }
    out.push(`</entry>`);
  }
  out.push(`</feed>`);
  return out.join("\n");
}
