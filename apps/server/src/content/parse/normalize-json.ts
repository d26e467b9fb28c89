import { parseFeedDate } from "./dates.ts";
import { describe } from "./describe.ts";
import { entryGuid, textToHtml, uniqueStrings } from "./entry-common.ts";
import { MediaCollector } from "./media.ts";
import { jsonItemDigest } from "./item-digest.ts";
import type { FeedFormat, ItemSelection, ParsedEntry, ParsedFeed } from "./model.ts";
import { firstText, plainTitle } from "./text.ts";
import { absoluteUrl } from "./urls.ts";

type JsonObject = Record<string, unknown>;

// JSON Feed values as the product reads them: anything of the wrong type counts as absent.
const object = (value: unknown): JsonObject | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const string = (value: unknown): string | undefined => (typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined);
const number = (value: unknown): number | null => {
  const parsed = typeof value === "number" ? value : typeof value === "string" && value.trim() ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
};
const date = (value: unknown) => parseFeedDate(typeof value === "string" ? value : null);

/** Version 1.0's single `author`, else 1.1's first of `authors`. */
const firstAuthor = (value: JsonObject | undefined) => object(list(value?.authors)[0]) ?? object(value?.author);

const JSON_FEED_1 = "https://jsonfeed.org/version/1";

/**
 * The JSON Feed object of `text`, or null when the text is no JSON object. Tolerant of what real
 * feeds get wrong: a version that is not the spec's URL ("1.0") when there are items.
 */
export function readJsonFeed(text: string): JsonObject | null {
  if (!text.startsWith("{")) return null;
  try {
    return object(JSON.parse(text)) ?? null;
  } catch {
    return null;
  }
}

/** The JSON Feed version of a parsed object, or null when it is not a feed. */
export function jsonFeedFormat(feed: JsonObject): FeedFormat | null {
  const version = typeof feed.version === "string" ? feed.version : "";
  if (version.startsWith(JSON_FEED_1)) return version.startsWith(`${JSON_FEED_1}.1`) ? "json1.1" : "json1.0";
  if (!Array.isArray(feed.items)) return null;
  return version.startsWith("1.1") ? "json1.1" : "json1.0";
}

function normalizeItem(item: JsonObject, feed: JsonObject, base: string | null): ParsedEntry {
  const url = absoluteUrl(string(item.url), base) ?? absoluteUrl(string(item.external_url), base);
  const contentText = string(item.content_text);
  const content = firstText(string(item.content_html)) ?? (contentText ? textToHtml(contentText) : null);
  const media = new MediaCollector(url ?? base);
  for (const value of list(item.attachments)) {
    const attachment = object(value);
    if (!attachment) continue;
    media.addAttachment({
      url: string(attachment.url),
      mimeType: string(attachment.mime_type) ?? null,
      size: number(attachment.size_in_bytes),
      duration: number(attachment.duration_in_seconds),
      title: string(attachment.title) ?? null,
    });
  }
  media.addMedia({ url: string(item.image), type: "photo" });
  media.addMedia({ url: string(item.banner_image), type: "photo" });
  media.addImagesFromHtml(content);
  const author = firstAuthor(item) ?? firstAuthor(feed);
  const summary = string(item.summary);
  const updatedAt = date(item.date_modified);
  const partial = {
    url,
    title: plainTitle(string(item.title)),
    content,
    description: describe(summary ? textToHtml(summary) : null, content),
    publishedAt: date(item.date_published) ?? updatedAt,
  };
  return {
    ...partial,
    guid: entryGuid(string(item.id), partial),
    author: firstText(string(author?.name)),
    authorUrl: absoluteUrl(string(author?.url), base),
    authorAvatar: absoluteUrl(string(author?.avatar), base),
    updatedAt,
    media: media.media,
    attachments: media.attachments,
    categories: uniqueStrings(list(item.tags).map(string)),
    language: firstText(string(item.language), string(feed.language)),
    baseUrl: url ?? base,
  };
}

/** JSON Feed 1.0 and 1.1 into the product's model. With `selection`, items it knows are left out (see ParsedFeed.knownItems). */
export function normalizeJson(feed: JsonObject, format: FeedFormat, documentUrl: string | null, selection?: ItemSelection): ParsedFeed {
  const feedUrl = string(feed.feed_url);
  const homePage = string(feed.home_page_url);
  const base = absoluteUrl(feedUrl, documentUrl) ?? documentUrl ?? absoluteUrl(homePage);
  // What of the feed its items read with: the base of their links, its authors and language.
  const context = selection ? `json\u0000${format}\u0000${base ?? ""}\u0000${JSON.stringify([feed.author, feed.authors, feed.language])}` : "";
  const entries: ParsedEntry[] = [];
  const knownItems: string[] = [];
  for (const item of list(feed.items)) {
    const value = object(item);
    if (!value) continue;
    const digest = selection ? jsonItemDigest(context, value) : null;
    if (digest !== null && selection!.known.has(digest)) knownItems.push(digest);
    else {
      const entry = normalizeItem(value, feed, base);
      if (selection) entry.digest = digest;
      entries.push(entry);
    }
  }
  return {
    format,
    title: plainTitle(string(feed.title)),
    description: firstText(string(feed.description)),
    siteUrl: absoluteUrl(homePage, base),
    selfUrl: absoluteUrl(feedUrl, base),
    image: absoluteUrl(string(feed.icon) ?? string(feed.favicon), base),
    language: firstText(string(feed.language)),
    generator: null,
    ttlMinutes: null,
    hubUrl: absoluteUrl(string(object(list(feed.hubs)[0])?.url), base),
    entries,
    ...(selection ? { knownItems } : {}),
  };
}
