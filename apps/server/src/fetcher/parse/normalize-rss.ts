import type { RdfFeed, RssFeed } from "feedsmith";
import { MediaCollector } from "./media.ts";
import { describe, entryGuid, personName, uniqueStrings } from "./entry-common.ts";
import type { FeedFormat, ParsedEntry, ParsedFeed } from "./model.ts";
import { firstText, plainTitle } from "./text.ts";
import { absoluteUrl, resolveBase } from "./urls.ts";

type Item = RssFeed.Item<number | undefined> | RdfFeed.Item<number | undefined>;
type Feed = RssFeed.Feed<number | undefined> | RdfFeed.Feed<number | undefined>;

function itemLink(item: Item, base: string | null): string | null {
  const rss = item as RssFeed.Item<number | undefined>;
  const direct = absoluteUrl(item.link, base);
  if (direct) return direct;
  const alternate = item.atom?.links?.find((link) => !link.rel || link.rel === "alternate");
  const fromAtom = absoluteUrl(alternate?.href, base);
  if (fromAtom) return fromAtom;
  // A guid that is a permalink (the RSS default) is the entry's address when there is no link.
  if (rss.guid?.value && rss.guid.isPermaLink !== false) return absoluteUrl(rss.guid.value, base);
  return null;
}

function normalizeItem(item: Item, feed: Feed, feedBase: string | null, feedLanguage: string | null): ParsedEntry {
  const rss = item as RssFeed.Item<number | undefined>;
  const base = resolveBase(feedBase, item.xml?.base);
  const url = itemLink(item, base);
  const content = firstText(item.content?.encoded, item.description) ?? null;
  const summary = item.content?.encoded ? (item.description ?? null) : null;
  const media = new MediaCollector(url ?? base);
  for (const enclosure of rss.enclosures ?? []) {
    media.addAttachment({
      url: enclosure.url,
      mimeType: enclosure.type ?? null,
      size: typeof enclosure.length === "number" ? enclosure.length : null,
      duration: rss.itunes?.duration ?? null,
    });
  }
  media.addMediaRss(item.media);
  if (rss.itunes?.image) media.addMedia({ url: rss.itunes.image, type: "photo" });
  media.addImagesFromHtml(content);

  const title = plainTitle(
    firstText(item.title, item.dc?.titles?.[0], rss.itunes?.title, item.media?.title?.value, item.media?.groups?.[0]?.title?.value),
  );
  const publishedAt =
    rss.pubDate ?? item.dc?.dates?.[0] ?? item.atom?.published ?? item.dcterms?.issued?.[0] ?? item.dcterms?.created?.[0] ?? null;
  const updatedAt = item.atom?.updated ?? item.dcterms?.modified?.[0] ?? null;
  const partial = {
    url,
    title,
    content,
    description: describe(summary ?? rss.itunes?.summary ?? null, content),
    publishedAt: publishedAt ?? updatedAt,
  };
  const author = personName(
    firstText(rss.authors?.[0]?.name, rss.authors?.[0]?.email, item.dc?.creators?.[0], rss.itunes?.author, item.atom?.authors?.[0]?.name),
  );
  return {
    ...partial,
    guid: entryGuid(rss.guid?.value ?? (item as RdfFeed.Item<number | undefined>).rdf?.about ?? item.atom?.id, partial),
    author,
    authorUrl: absoluteUrl(rss.authors?.[0]?.link ?? item.atom?.authors?.[0]?.uri, base),
    authorAvatar: null,
    updatedAt,
    media: media.media,
    attachments: media.attachments,
    categories: uniqueStrings([...(rss.categories ?? []).map((c) => c.name), ...(item.dc?.subjects ?? [])]),
    language: firstText(item.xml?.lang, item.dc?.languages?.[0], feedLanguage),
    baseUrl: url ?? base,
  };
}

/** RSS 0.9x/2.0 and RSS 1.0 (RDF) into the product's model. */
export function normalizeRss(feed: Feed, format: FeedFormat, documentUrl: string | null): ParsedFeed {
  const rss = feed as RssFeed.Feed<number | undefined>;
  const base = resolveBase(documentUrl, feed.xml?.base);
  const siteUrl =
    absoluteUrl(feed.link, base) ??
    absoluteUrl(feed.atom?.links?.find((link) => link.rel === "alternate")?.href, base);
  const language = firstText(rss.language, feed.dc?.languages?.[0], feed.xml?.lang);
  const itemBase = base ?? siteUrl;
  return {
    format,
    title: plainTitle(firstText(feed.title, feed.dc?.titles?.[0])),
    description: firstText(feed.description, rss.itunes?.summary) ?? null,
    siteUrl,
    selfUrl: absoluteUrl(feed.atom?.links?.find((link) => link.rel === "self")?.href, base),
    image: absoluteUrl(feed.image?.url ?? rss.itunes?.image, base),
    language,
    generator: firstText(rss.generator),
    ttlMinutes: typeof rss.ttl === "number" && rss.ttl > 0 ? rss.ttl : null,
    hubUrl: absoluteUrl(feed.atom?.links?.find((link) => link.rel === "hub")?.href, base),
    entries: (feed.items ?? []).map((item) => normalizeItem(item, feed, itemBase, language)),
  };
}
