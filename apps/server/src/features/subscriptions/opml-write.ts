import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import { type Opml, generateOpml } from "feedsmith";
import { resolveFetchUrl } from "../../content/feed-url.ts";
import { VIEW_FOLDER_NAMES } from "./opml-names.ts";

/** One followed feed, as an export needs it. */
export interface ExportedFeed {
  url: string;
  /** The subscription's own title, else the feed's. */
  title: string | null;
  siteUrl: string | null;
  view: number;
  category: string | null;
}

export type FolderMode = "view" | "category";

export interface WriteOptions {
  /** "category": a folder per category; "view": a folder per view, categories nested inside. */
  folderMode: FolderMode;
  /** When given, `rsshub://` addresses are written against this instance. */
  rsshubUrl?: string | null;
  now: Date;
  ownerName?: string | null;
}

export const OPML_TITLE = "Tidings subscriptions";

type Outline = Opml.Outline<Date>;

const byName = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

function feedOutline(feed: ExportedFeed, rsshubUrl: string | null | undefined): Outline {
  const xmlUrl = rsshubUrl ? resolveFetchUrl(feed.url, rsshubUrl) : feed.url;
  // `text` is required by OPML; a feed never fetched may have no title yet.
  const text = feed.title?.trim() || xmlUrl;
  return { text, title: text, type: "rss", xmlUrl, ...(feed.siteUrl ? { htmlUrl: feed.siteUrl } : {}) };
}

/** Category folders (by name) first, then the feeds without a category; each sorted by name. */
function byCategory(feeds: ExportedFeed[], rsshubUrl: string | null | undefined): Outline[] {
  const folders = new Map<string, Outline[]>();
  const loose: Outline[] = [];
  for (const feed of feeds) {
    const outline = feedOutline(feed, rsshubUrl);
    if (!feed.category) loose.push(outline);
    else folders.set(feed.category, [...(folders.get(feed.category) ?? []), outline]);
  }
  const sortFeeds = (outlines: Outline[]) => outlines.sort((a, b) => byName(a.text ?? "", b.text ?? ""));
  return [
    ...[...folders.keys()].sort(byName).map((name) => ({ text: name, title: name, outlines: sortFeeds(folders.get(name)!) })),
    ...sortFeeds(loose),
  ];
}

/** A folder per non-empty view, in view order, each laid out like an export by category. */
function byView(feeds: ExportedFeed[], rsshubUrl: string | null | undefined): Outline[] {
  return FEED_VIEWS.flatMap((view: FeedView) => {
    const inView = feeds.filter((feed) => feed.view === view);
    if (inView.length === 0) return [];
    const name = VIEW_FOLDER_NAMES[view];
    return [{ text: name, title: name, outlines: byCategory(inView, rsshubUrl) }];
  });
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * An OPML 2.0 document of the given feeds. An account that follows no feed gets a valid document
 * with an empty body (feedsmith refuses to write one, so it is written here).
 */
export function writeOpml(feeds: ExportedFeed[], options: WriteOptions): string {
  const head: Opml.Head<Date> = { title: OPML_TITLE, dateCreated: options.now, ...(options.ownerName ? { ownerName: options.ownerName } : {}) };
  const outlines = options.folderMode === "view" ? byView(feeds, options.rsshubUrl) : byCategory(feeds, options.rsshubUrl);
  if (outlines.length > 0) return generateOpml({ head, body: { outlines } });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<opml version="2.0">',
    "  <head>",
    `    <title>${escapeXml(OPML_TITLE)}</title>`,
    `    <dateCreated>${options.now.toUTCString()}</dateCreated>`,
    ...(options.ownerName ? [`    <ownerName>${escapeXml(options.ownerName)}</ownerName>`] : []),
    "  </head>",
    "  <body/>",
    "</opml>",
    "",
  ].join("\n");
}
