import { type AtomText, atomText } from "./atom-text.ts";
import { parseFeedDate } from "./dates.ts";
import { describe } from "./describe.ts";
import { entryGuid, parseDuration, textToHtml, uniqueStrings } from "./entry-common.ts";
import { MediaCollector, numberAttribute } from "./media.ts";
import { itemContext, itemDigest } from "./item-digest.ts";
import { type FeedFormat, type ItemSelection, type ParsedEntry, type ParsedFeed, SkippedUnknownItem } from "./model.ts";
import { firstText, plainTitle } from "./text.ts";
import { absoluteUrl } from "./urls.ts";
import { child, childrenNamed, textOf } from "./xml-nodes.ts";
import type { XmlElement } from "./xml-tree.ts";

/** A link's relation, Atom's default "alternate" when it has none. */
const relation = (link: XmlElement) => link.attrs.rel?.trim().toLowerCase() || "alternate";

/** A link's address: `href`, or the text some feeds write instead. */
const linkUrl = (link: XmlElement | undefined, base: string | null) => (link ? absoluteUrl(link.attrs.href || textOf(link), link.base ?? base) : null);

/** The `alternate` link (Atom's default relation): an explicit HTML one first, then untyped. */
function alternate(links: XmlElement[], base: string | null): string | null {
  const candidates = links.filter((link) => relation(link) === "alternate");
  const chosen =
    candidates.find((link) => link.attrs.rel && /html/i.test(link.attrs.type ?? "")) ??
    candidates.find((link) => !link.attrs.type || /html/i.test(link.attrs.type)) ??
    candidates[0];
  return linkUrl(chosen, base);
}

const linkWith = (links: XmlElement[], rel: string, base: string | null) => linkUrl(links.find((link) => relation(link) === rel), base);

/** Atom content as HTML: text content is escaped, html/xhtml kept as markup. */
const contentHtml = (text: AtomText | null) => (!text ? null : text.type === "text" ? textToHtml(text.value) : text.value);

const dateOf = (element: XmlElement | undefined) => (element ? parseFeedDate(textOf(element)) : null);

/** A person's name, or null: `<author><name>`, or text written straight into `<author>`. */
const personName = (person: XmlElement | undefined) => firstText(textOf(child(person, "name")), textOf(person));

function normalizeEntry(entry: XmlElement, feedAuthor: XmlElement | undefined, base: string | null, feedLanguage: string | null): ParsedEntry {
  let id, title, content, summary, published, issued, created, updated, modified, dcDate, author, dcCreator, dcLanguage, source, videoId, mediaGroup, mediaDescription, duration: XmlElement | undefined;
  const links: XmlElement[] = [];
  const categories: (string | undefined)[] = [];
  const mediaContents: XmlElement[] = [];
  const mediaThumbnails: XmlElement[] = [];
  const mediaGroups: XmlElement[] = [];
  for (const node of entry.children) {
    if (typeof node === "string") continue;
    switch (node.name) {
      case "id": id ??= node; break;
      case "title": title ??= node; break;
      case "link": links.push(node); break;
      case "content": content ??= node; break;
      case "summary": summary ??= node; break;
      case "published": published ??= node; break;
      // Atom 0.3's names of the dates.
      case "issued": issued ??= node; break;
      case "created": created ??= node; break;
      case "modified": modified ??= node; break;
      // An invalid entry with several: the last counts, as in feedparser.
      case "updated": updated = node; break;
      case "dc:date": dcDate ??= node; break;
      case "author": author ??= node; break;
      case "dc:creator": dcCreator ??= node; break;
      case "dc:language": dcLanguage ??= node; break;
      case "source": source ??= node; break;
      case "category": categories.push(node.attrs.label?.trim() || node.attrs.term); break;
      case "dc:subject": categories.push(textOf(node)); break;
      case "yt:videoid": videoId ??= node; break;
      case "media:content": mediaContents.push(node); break;
      case "media:thumbnail": mediaThumbnails.push(node); break;
      case "media:group": mediaGroups.push(node); mediaGroup ??= node; break;
      case "media:description": mediaDescription ??= node; break;
      case "itunes:duration": duration ??= node; break;
    }
  }
  const entryBase = entry.base ?? base;
  const contentText = atomText(content);
  const summaryText = atomText(summary);
  const url = alternate(links, entryBase) ?? absoluteUrl(content?.attrs.src, content?.base ?? entryBase);
  const html = contentHtml(contentText) ?? contentHtml(summaryText);
  // Relative links in the content resolve against its xml:base, else the entry's page.
  const contentBase = (contentText ?? summaryText)?.base ?? url ?? entryBase;
  const media = new MediaCollector(entry.base ?? url ?? entryBase);
  for (const link of links) {
    if (relation(link) !== "enclosure") continue;
    const size = numberAttribute(link, "length");
    media.addAttachment({ url: link.attrs.href || textOf(link), mimeType: link.attrs.type ?? null, size, duration: parseDuration(textOf(duration)), title: link.attrs.title ?? null });
  }
  media.addMediaRss({ contents: mediaContents, thumbnails: mediaThumbnails }, mediaGroups);
  if (videoId && textOf(videoId).trim() && url) {
    const thumbnail = child(mediaGroup, "media:thumbnail") ?? mediaThumbnails[0];
    media.addMedia({ url, type: "video", preview: thumbnail?.attrs.url ?? null, width: thumbnail && numberAttribute(thumbnail, "width"), height: thumbnail && numberAttribute(thumbnail, "height") });
  }
  media.addImagesFromHtml(html, contentBase);
  const youtubeDescription = firstText(textOf(child(mediaGroup, "media:description")), textOf(mediaDescription));
  const fallback = youtubeDescription ? textToHtml(youtubeDescription) : null;
  const titleText = atomText(title);
  const updatedAt = dateOf(updated) ?? dateOf(modified);
  const partial = {
    url,
    title: plainTitle(titleText?.value, titleText?.type ?? "text"),
    content: html ?? fallback,
    description: describe(contentText ? contentHtml(summaryText) : null, html ?? fallback),
    publishedAt: dateOf(published) ?? dateOf(issued) ?? dateOf(created) ?? dateOf(dcDate) ?? updatedAt,
  };
  const sourceAuthor = child(source, "author");
  const chosenAuthor = [author, sourceAuthor].find((person) => personName(person)) ?? (dcCreator ? undefined : feedAuthor);
  return {
    ...partial,
    guid: entryGuid(textOf(id), partial, id?.base ?? entryBase, entry),
    author: firstText(personName(chosenAuthor), textOf(dcCreator)),
    authorUrl: absoluteUrl(textOf(child(chosenAuthor, "uri")) || textOf(child(chosenAuthor, "url")), chosenAuthor?.base ?? entryBase),
    authorAvatar: null,
    updatedAt,
    media: media.media,
    attachments: media.attachments,
    categories: uniqueStrings(categories),
    language: firstText(entry.attrs["xml:lang"], textOf(dcLanguage), feedLanguage),
    baseUrl: contentBase,
  };
}

/** Atom 0.3 and 1.0 into the product's model. With `selection`, entries it knows are left out (see ParsedFeed.knownItems). */
export function normalizeAtom(feed: XmlElement, format: FeedFormat, documentUrl: string | null, selection?: ItemSelection): ParsedFeed {
  const base = feed.base ?? documentUrl;
  const language = firstText(feed.lang, textOf(child(feed, "dc:language")));
  const links = childrenNamed(feed, "link");
  const title = atomText(child(feed, "title"));
  const subtitle = atomText(child(feed, "subtitle") ?? child(feed, "tagline"));
  const itunesImage = child(feed, "itunes:image");
  const author = child(feed, "author");
  const feedAuthor = personName(author) ? author : undefined;
  // The feed's author stands for entries without one: it is part of what they read as.
  const context = selection ? itemContext(`${selection?.context ?? ""}\u0000atom\u0000${format}\u0000${base ?? ""}\u0000${language ?? ""}\u0000${feedAuthor ? JSON.stringify(feedAuthor) : ""}`) : null;
  const entries: ParsedEntry[] = [];
  const knownItems: string[] = [];
  for (const entry of childrenNamed(feed, "entry")) {
    const digest = selection ? itemDigest(context!, entry) : null;
    if (digest !== null && selection!.known.has(digest)) knownItems.push(digest);
    else if (entry.skipped) throw new SkippedUnknownItem("a skipped item is not known in this context");
    else {
      const parsed = normalizeEntry(entry, feedAuthor, base, language);
      if (selection) parsed.digest = digest;
      entries.push(parsed);
    }
  }
  return {
    format,
    title: plainTitle(title?.value, title?.type ?? "text"),
    description: plainTitle(subtitle?.value, subtitle?.type ?? "text"),
    siteUrl: alternate(links, base),
    selfUrl: linkWith(links, "self", base),
    image: absoluteUrl(textOf(child(feed, "logo")) || textOf(child(feed, "icon")) || itunesImage?.attrs.href, base),
    language,
    generator: firstText(textOf(child(feed, "generator"))),
    ttlMinutes: null,
    hubUrl: linkWith(links, "hub", base),
    entries,
    ...(selection ? { knownItems } : {}),
  };
}
