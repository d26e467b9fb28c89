import { ErrorCode, type TimelineItem } from "@tidings/contracts";
import { AppError } from "../../errors.ts";

/** What the clients send of an entry: the same fields for every service. */
export interface SaveItem {
  /** The entry's link; null for entries without one (most inbox mail). */
  url: string | null;
  title: string;
  author: string | null;
  /** The article's HTML: the reader view's when it was fetched, else the entry's content ("" when none). */
  html: string;
  /** The AI summary when the reader sends it (`saveSummaryAsDescription`), else the entry's description. */
  description: string | null;
  publishedAt: string;
  insertedAt: string;
  /** The first photo of the entry's media. */
  imageUrl: string | null;
  language: string | null;
  /** The feed's (or inbox's) title. */
  siteName: string | null;
  /** Text the reader selected, for Cubox's memo. */
  selectedText: string | null;
}

/** The item to save from a timeline item and the reader's options. */
export function toSaveItem(item: TimelineItem, options: { summary?: string | undefined; selectedText?: string | undefined } = {}): SaveItem {
  const entry = item.entries;
  const url = entry.url?.trim() || null;
  return {
    url,
    title: entry.title?.trim() || url || "Untitled",
    author: entry.author?.trim() || null,
    html: entry.readabilityContent || entry.content || "",
    description: options.summary?.trim() || entry.description?.trim() || null,
    publishedAt: entry.publishedAt,
    insertedAt: entry.insertedAt,
    imageUrl: entry.media?.find((media) => media.type === "photo")?.url ?? null,
    language: entry.language,
    siteName: item.feeds.title?.trim() || null,
    selectedText: options.selectedText?.trim() || null,
  };
}

/** The entry's link, which most services save by: 1002 when the entry has none. */
export function linkOf(item: SaveItem): string {
  if (!item.url) throw new AppError(ErrorCode.InvalidParameter, { reason: "This entry has no link to save" });
  return item.url;
}
