import type { JsonFeed } from "feedsmith";
import { describe, entryGuid, textToHtml, uniqueStrings } from "./entry-common.ts";
import { MediaCollector } from "./media.ts";
import type { FeedFormat, ParsedEntry, ParsedFeed } from "./model.ts";
import { firstText, plainTitle } from "./text.ts";
import { absoluteUrl } from "./urls.ts";

type Item = JsonFeed.Item<number | undefined>;
type Feed = JsonFeed.Feed<number | undefined>;

function normalizeItem(item: Item, feed: Feed, base: string | null): ParsedEntry {
  const url = absoluteUrl(item.url, base) ?? absoluteUrl(item.external_url, base);
  const content = firstText(item.content_html) ?? (item.content_text ? textToHtml(item.content_text) : null);
  const media = new MediaCollector(url ?? base);
  for (const attachment of item.attachments ?? []) {
    media.addAttachment({
      url: attachment.url,
      mimeType: attachment.mime_type ?? null,
      size: attachment.size_in_bytes ?? null,
      duration: attachment.duration_in_seconds ?? null,
      title: attachment.title ?? null,
    });
  }
  if (item.image) media.addMedia({ url: item.image, type: "photo" });
  if (item.banner_image) media.addMedia({ url: item.banner_image, type: "photo" });
  media.addImagesFromHtml(content);
  const author = item.authors?.[0] ?? feed.authors?.[0];
  const partial = {
    url,
    title: plainTitle(item.title),
    content,
    description: describe(item.summary ? textToHtml(item.summary) : null, content),
    publishedAt: item.date_published ?? item.date_modified ?? null,
  };
  return {
    ...partial,
    guid: entryGuid(item.id === undefined ? undefined : String(item.id), partial),
    author: firstText(author?.name),
    authorUrl: absoluteUrl(author?.url, base),
    authorAvatar: absoluteUrl(author?.avatar, base),
    updatedAt: item.date_modified ?? null,
    media: media.media,
    attachments: media.attachments,
    categories: uniqueStrings(item.tags ?? []),
    language: firstText(item.language, feed.language),
    baseUrl: url ?? base,
  };
}

/** JSON Feed 1.0 and 1.1 into the product's model. */
export function normalizeJson(feed: Feed, format: FeedFormat, documentUrl: string | null): ParsedFeed {
  const base = absoluteUrl(feed.feed_url, documentUrl) ?? documentUrl ?? absoluteUrl(feed.home_page_url);
  return {
    format,
    title: plainTitle(feed.title),
    description: firstText(feed.description),
    siteUrl: absoluteUrl(feed.home_page_url, base),
    selfUrl: absoluteUrl(feed.feed_url, base),
    image: absoluteUrl(feed.icon ?? feed.favicon, base),
    language: firstText(feed.language),
    generator: null,
    ttlMinutes: null,
    hubUrl: absoluteUrl(feed.hubs?.[0]?.url, base),
    entries: (feed.items ?? []).map((item) => normalizeItem(item, feed, base)),
  };
}
