import type { AtomFeed } from "feedsmith";
import { describe, entryGuid, textToHtml, uniqueStrings } from "./entry-common.ts";
import { MediaCollector } from "./media.ts";
import type { FeedFormat, ParsedEntry, ParsedFeed } from "./model.ts";
import { firstText, plainTitle } from "./text.ts";
import { absoluteUrl, resolveBase } from "./urls.ts";

type Entry = AtomFeed.Entry<number | undefined>;
type Feed = AtomFeed.Feed<number | undefined>;
type Link = AtomFeed.Link<number | undefined>;

/** The `alternate` link (Atom's default relation): an explicit HTML one first, then untyped. */
function alternate(links: Link[] | undefined): Link | undefined {
  const candidates = (links ?? []).filter((link) => !link.rel || link.rel === "alternate");
  return (
    candidates.find((link) => link.rel === "alternate" && link.type && /html/i.test(link.type)) ??
    candidates.find((link) => !link.type || /html/i.test(link.type)) ??
    candidates[0]
  );
}

/** Atom content as HTML: text content is escaped, html/xhtml kept as markup. */
function contentHtml(content: AtomFeed.Content | AtomFeed.Text | undefined): string | null {
  const value = content?.value?.trim();
  if (!value) return null;
  const type = content?.type?.toLowerCase();
  if (!type || type === "text" || type === "text/plain") return textToHtml(value);
  return value;
}

function normalizeEntry(entry: Entry, feed: Feed, feedBase: string | null, feedLanguage: string | null): ParsedEntry {
  const base = resolveBase(feedBase, entry.xml?.base);
  const url = absoluteUrl(alternate(entry.links)?.href, base) ?? absoluteUrl(entry.content?.src, base);
  const content = contentHtml(entry.content) ?? contentHtml(entry.summary) ?? null;
  const summary = entry.content?.value ? contentHtml(entry.summary) : null;
  const media = new MediaCollector(url ?? base);
  for (const link of entry.links ?? []) {
    if (link.rel === "enclosure") {
      media.addAttachment({ url: link.href, mimeType: link.type ?? null, size: link.length ?? null, duration: entry.itunes?.duration ?? null, title: link.title ?? null });
    }
  }
  media.addMediaRss(entry.media);
  if (entry.yt?.videoId && url) {
    const thumbnail = entry.media?.groups?.[0]?.thumbnails?.[0] ?? entry.media?.thumbnails?.[0];
    media.addMedia({ url, type: "video", preview: thumbnail?.url ?? null, width: thumbnail?.width ?? null, height: thumbnail?.height ?? null });
  }
  media.addImagesFromHtml(content);
  const youtubeDescription = entry.media?.groups?.[0]?.description?.value ?? entry.media?.description?.value ?? null;
  const author = entry.authors?.[0] ?? entry.source?.authors?.[0] ?? feed.authors?.[0];
  const publishedAt = entry.published ?? entry.dc?.dates?.[0] ?? null;
  const updatedAt = entry.updated ?? null;
  const partial = {
    url,
    title: plainTitle(entry.title?.value, entry.title?.type ?? "text"),
    content: content ?? (youtubeDescription ? textToHtml(youtubeDescription) : null),
    description: describe(summary, content ?? (youtubeDescription ? textToHtml(youtubeDescription) : null)),
    publishedAt: publishedAt ?? updatedAt,
  };
  return {
    ...partial,
    guid: entryGuid(entry.id, partial),
    author: firstText(author?.name, entry.dc?.creators?.[0]),
    authorUrl: absoluteUrl(author?.uri, base),
    authorAvatar: null,
    updatedAt,
    media: media.media,
    attachments: media.attachments,
    categories: uniqueStrings([...(entry.categories ?? []).map((c) => c.label ?? c.term), ...(entry.dc?.subjects ?? [])]),
    language: firstText(entry.xml?.lang, entry.dc?.languages?.[0], feedLanguage),
    baseUrl: url ?? base,
  };
}

/** Atom 0.3 and 1.0 into the product's model. */
export function normalizeAtom(feed: Feed, format: FeedFormat, documentUrl: string | null): ParsedFeed {
  const base = resolveBase(documentUrl, feed.xml?.base);
  const language = firstText(feed.xml?.lang, feed.dc?.languages?.[0]);
  return {
    format,
    title: plainTitle(feed.title?.value, feed.title?.type ?? "text"),
    description: plainTitle(feed.subtitle?.value, feed.subtitle?.type ?? "text"),
    siteUrl: absoluteUrl(alternate(feed.links)?.href, base),
    selfUrl: absoluteUrl(feed.links?.find((link) => link.rel === "self")?.href, base),
    image: absoluteUrl(feed.logo ?? feed.icon ?? feed.itunes?.image, base),
    language,
    generator: firstText(feed.generator?.text),
    ttlMinutes: null,
    hubUrl: absoluteUrl(feed.links?.find((link) => link.rel === "hub")?.href, base),
    entries: (feed.entries ?? []).map((entry) => normalizeEntry(entry, feed, base, language)),
  };
}
