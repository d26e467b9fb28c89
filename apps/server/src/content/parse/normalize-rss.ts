import { parseFeedDate } from "./dates.ts";
import { describe } from "./describe.ts";
import { entryGuid, parseDuration, personName, uniqueStrings } from "./entry-common.ts";
import { MediaCollector, numberAttribute } from "./media.ts";
import { itemContext, itemDigest } from "./item-digest.ts";
import { type FeedFormat, type ItemSelection, type ParsedEntry, type ParsedFeed, SkippedUnknownItem } from "./model.ts";
import { firstText, plainTitle } from "./text.ts";
import { absoluteUrl } from "./urls.ts";
import { child, childrenNamed, innerHtml, markupOf, textOf } from "./xml-nodes.ts";
import type { XmlElement } from "./xml-tree.ts";

/** The first date of `elements` that parses, in milliseconds. */
function firstDate(...elements: (XmlElement | undefined)[]): number | null {
  for (const element of elements) {
    const time = element ? parseFeedDate(textOf(element)) : null;
    if (time !== null) return time;
  }
  return null;
}

/** The first of `<link>`s that is a usable http(s) address (a channel or item may have several). */
function firstLink(links: XmlElement[], base: string | null): string | null {
  for (const link of links) {
    const url = absoluteUrl(textOf(link), link.base ?? base);
    if (url) return url;
  }
  return null;
}

/** The href of the first atom:link with one of these relations ("" for a link without rel). */
function atomLink(links: XmlElement[], base: string | null, ...relations: string[]): string | null {
  for (const link of links) {
    if (relations.includes(link.attrs.rel?.trim().toLowerCase() ?? "")) {
      const url = absoluteUrl(link.attrs.href, link.base ?? base);
      if (url) return url;
    }
  }
  return null;
}

const NONE: XmlElement[] = [];
/** `list` with `node` added: lists are made only for the elements an item has. */
function add(list: XmlElement[] | undefined, node: XmlElement): XmlElement[] {
  if (!list) return [node];
  list.push(node);
  return list;
}

/**
 * One item. Its child elements are sorted out in a single pass: the first of each kind counts,
 * except for those an item may repeat (links, categories, enclosures, media).
 */
function normalizeItem(item: XmlElement, feedBase: string | null, feedLanguage: string | null): ParsedEntry {
  let title, dcTitle, itunesTitle, mediaTitle, guid, description, encoded, xhtmlBody, itunesSummary: XmlElement | undefined;
  let pubDate, dcDate, atomPublished, issued, created, atomUpdated, modified, author, dcCreator, itunesAuthor, atomAuthor: XmlElement | undefined;
  let itunesImage, itunesDuration, dcLanguage: XmlElement | undefined;
  let links, atomLinks, categories, enclosures, mediaContents, mediaThumbnails, mediaGroups: XmlElement[] | undefined;
  for (const node of item.children) {
    if (typeof node === "string") continue;
    switch (node.name) {
      case "title": title ??= node; break;
      case "dc:title": dcTitle ??= node; break;
      case "itunes:title": itunesTitle ??= node; break;
      case "media:title": mediaTitle ??= node; break;
      case "link": links = add(links, node); break;
      case "atom:link": atomLinks = add(atomLinks, node); break;
      case "guid": guid ??= node; break;
      case "description": description ??= node; break;
      case "content:encoded": encoded ??= node; break;
      case "xhtml:body": xhtmlBody ??= node; break;
      case "itunes:summary": itunesSummary ??= node; break;
      case "pubdate": pubDate ??= node; break;
      case "dc:date": dcDate ??= node; break;
      case "atom:published": atomPublished ??= node; break;
      case "dcterms:issued": issued ??= node; break;
      case "dcterms:created": created ??= node; break;
      case "atom:updated": atomUpdated ??= node; break;
      case "dcterms:modified": modified ??= node; break;
      case "author": author ??= node; break;
      case "dc:creator": dcCreator ??= node; break;
      case "itunes:author": itunesAuthor ??= node; break;
      case "atom:author": atomAuthor ??= node; break;
      case "category": case "dc:subject": categories = add(categories, node); break;
      case "enclosure": enclosures = add(enclosures, node); break;
      case "media:content": mediaContents = add(mediaContents, node); break;
      case "media:thumbnail": mediaThumbnails = add(mediaThumbnails, node); break;
      case "media:group": mediaGroups = add(mediaGroups, node); break;
      case "itunes:image": itunesImage ??= node; break;
      case "itunes:duration": itunesDuration ??= node; break;
      case "dc:language": dcLanguage ??= node; break;
    }
  }

  const base = item.base ?? feedBase;
  const guidText = textOf(guid).trim();
  // A guid that is a permalink (the RSS default) is the entry's address when there is no link.
  const isPermalink = guid !== undefined && guid.attrs.ispermalink?.trim().toLowerCase() !== "false";
  const url =
    (links && firstLink(links, base)) ?? (atomLinks && atomLink(atomLinks, base, "", "alternate")) ?? (isPermalink ? absoluteUrl(guidText, base) : null);
  const encodedHtml = firstText(markupOf(encoded), xhtmlBody && innerHtml(xhtmlBody));
  const descriptionHtml = firstText(markupOf(description));
  const content = encodedHtml ?? descriptionHtml;
  // Relative links in the content resolve against its xml:base, else the entry's page.
  const contentBase = (encodedHtml ? (encoded ?? xhtmlBody) : description)?.base ?? url ?? base;

  // Relative addresses resolve against the xml:base in effect, else the entry's page.
  const media = new MediaCollector(item.base ?? url ?? base);
  if (enclosures) {
    const duration = parseDuration(textOf(itunesDuration));
    for (const enclosure of enclosures) {
      media.addAttachment({ url: enclosure.attrs.url, mimeType: enclosure.attrs.type ?? null, size: numberAttribute(enclosure, "length"), duration });
    }
  }
  if (mediaContents || mediaThumbnails || mediaGroups) {
    media.addMediaRss({ contents: mediaContents ?? NONE, thumbnails: mediaThumbnails ?? NONE }, mediaGroups ?? NONE);
  }
  if (itunesImage) media.addMedia({ url: itunesImage.attrs.href || textOf(itunesImage), type: "photo" });
  media.addImagesFromHtml(content, contentBase);

  const updatedAt = firstDate(atomUpdated, modified);
  const entry: ParsedEntry = {
    guid: "",
    title: plainTitle(firstText(markupOf(title), textOf(dcTitle), textOf(itunesTitle), textOf(mediaTitle), textOf(child(mediaGroups?.[0], "media:title")))),
    url,
    content,
    description: describe((encodedHtml ? descriptionHtml : null) ?? firstText(textOf(itunesSummary)), content),
    author: personName(firstText(textOf(author), textOf(child(author, "name")), textOf(dcCreator), textOf(itunesAuthor), textOf(child(atomAuthor, "atom:name")))),
    authorUrl: absoluteUrl(textOf(child(atomAuthor, "atom:uri")), base),
    authorAvatar: null,
    publishedAt: firstDate(pubDate, dcDate, atomPublished, issued, created) ?? updatedAt,
    updatedAt,
    media: media.media,
    attachments: media.attachments,
    categories: categories ? uniqueStrings(categories.map(textOf)) : [],
    language: firstText(item.attrs["xml:lang"], textOf(dcLanguage), feedLanguage),
    baseUrl: contentBase,
  };
  entry.guid = entryGuid(guidText || item.attrs["rdf:about"] || textOf(child(item, "atom:id")), entry, base, item);
  return entry;
}

/**
 * RSS 0.9x/2.0 and RSS 1.0 (RDF) into the product's model; `root` is `<rss>`, `<rdf:RDF>` or a
 * bare `<channel>`. With `selection`, items it knows are left out (see ParsedFeed.knownItems).
 */
export function normalizeRss(root: XmlElement, format: FeedFormat, documentUrl: string | null, selection?: ItemSelection): ParsedFeed {
  const channel = root.name === "channel" ? root : child(root, "channel");
  const base = channel?.base ?? root.base ?? documentUrl;
  const atomLinks = childrenNamed(channel, "atom:link");
  const siteUrl = firstLink(childrenNamed(channel, "link"), base) ?? atomLink(atomLinks, base, "alternate");
  const language = firstText(textOf(child(channel, "language")), textOf(child(channel, "dc:language")), channel?.lang, root.lang);
  // RSS 1.0 lists its items beside the channel, RSS 2.0 inside it; broken feeds do either.
  const items = channel === root ? childrenNamed(root, "item") : [...childrenNamed(channel, "item"), ...childrenNamed(root, "item")];
  const itemBase = base ?? siteUrl;
  const itunesImage = child(channel, "itunes:image");
  const ttl = Number(textOf(child(channel, "ttl")).trim());
  const context = selection ? itemContext(`${selection?.context ?? ""}\u0000rss\u0000${format}\u0000${itemBase ?? ""}\u0000${language ?? ""}`) : null;
  const entries: ParsedEntry[] = [];
  const knownItems: string[] = [];
  for (const item of items) {
    const digest = selection ? itemDigest(context!, item) : null;
    if (digest !== null && selection!.known.has(digest)) knownItems.push(digest);
    else if (item.skipped) throw new SkippedUnknownItem("a skipped item is not known in this context");
    else {
      const entry = normalizeItem(item, itemBase, language);
      if (selection) entry.digest = digest;
      entries.push(entry);
    }
  }
  return {
    format,
    title: plainTitle(firstText(markupOf(child(channel, "title")), textOf(child(channel, "dc:title")))),
    description: firstText(markupOf(child(channel, "description")), textOf(child(channel, "itunes:summary"))),
    siteUrl,
    selfUrl: atomLink(atomLinks, base, "self"),
    image: absoluteUrl(
      textOf(child(child(channel, "image"), "url")) || textOf(child(child(root, "image"), "url")) || itunesImage?.attrs.href || textOf(itunesImage),
      base,
    ),
    language,
    generator: firstText(textOf(child(channel, "generator"))),
    ttlMinutes: Number.isFinite(ttl) && ttl > 0 ? ttl : null,
    hubUrl: atomLink(atomLinks, base, "hub"),
    entries,
    ...(selection ? { knownItems } : {}),
  };
}
