import { inferView } from "../content/infer-view.ts";
import type { ParsedFeed } from "../content/parse/model.ts";
import { sanitizeHtml } from "../content/sanitize/sanitize.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The CLI's JSON shape of a parsed feed: the feed's fields, then `entries` in the entry model of
 * spec §3 with content sanitised as it would be stored, and dates as ISO strings (null when the
 * feed gives none).
 */
export function feedToJson(source: string, feed: ParsedFeed) {
  return {
    source,
    format: feed.format,
    title: feed.title,
    description: feed.description,
    siteUrl: feed.siteUrl,
    feedUrl: feed.selfUrl,
    image: feed.image,
    language: feed.language,
    generator: feed.generator,
    ttlMinutes: feed.ttlMinutes,
    hubUrl: feed.hubUrl,
    view: inferView(feed),
    entries: feed.entries.map((entry) => ({
      guid: entry.guid,
      title: entry.title,
      url: entry.url,
      content: entry.content ? sanitizeHtml(entry.content, { baseUrl: entry.baseUrl }) : null,
      description: entry.description,
      author: entry.author,
      authorUrl: entry.authorUrl,
      authorAvatar: entry.authorAvatar,
      publishedAt: iso(entry.publishedAt),
      updatedAt: iso(entry.updatedAt),
      media: entry.media,
      attachments: entry.attachments,
      categories: entry.categories,
      language: entry.language,
    })),
  };
}
