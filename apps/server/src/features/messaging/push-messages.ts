import type { PushMessage } from "@tidings/contracts";
import type { PushEntryRow } from "./messaging.repo.ts";

/** New entries one device is told about one by one per refresh; more become one summary. */
export const MAX_SINGLE = 3;
const TITLE_MAX = 120;
const DESCRIPTION_MAX = 240;
const PRODUCT = "Tidings";

/** Plain text of at most `max` characters (markup dropped, whitespace folded). */
function clip(text: string | null, max: number): string {
  const plain = (text ?? "").replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** The timeline segment of the source an entry came by: the feed id, `list-<id>` or `inbox-<handle>`. */
function sourceSegment(row: PushEntryRow): string {
  if (row.source_type === "list") return `list-${row.source_id}`;
  if (row.source_type === "inbox") return `inbox-${encodeURIComponent(row.inbox_handle ?? row.source_id)}`;
  return row.source_id;
}

/** One new entry (reference §2.12): the source's title above the entry's, and the page that shows it. */
export function entryMessage(row: PushEntryRow): PushMessage {
  const feedId = sourceSegment(row);
  return {
    type: "new-entry",
    feedId,
    entryId: row.entry_id,
    view: row.view,
    title: clip(row.source_title, TITLE_MAX) || PRODUCT,
    description: clip(row.title, DESCRIPTION_MAX) || clip(row.description, DESCRIPTION_MAX),
    url: `/timeline/view-${row.view}/${feedId}/${row.entry_id}`,
  };
}

/** "N new entries", opening the view most of them are in (the source's title when they share one). */
export function summaryMessage(rows: PushEntryRow[]): PushMessage {
  const views = new Map<number, number>();
  for (const row of rows) views.set(row.view, (views.get(row.view) ?? 0) + 1);
  const view = [...views].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const sources = new Set(rows.map((row) => `${row.source_type}:${row.source_id}`));
  const title = sources.size === 1 ? clip(rows[0]!.source_title, TITLE_MAX) || PRODUCT : PRODUCT;
  return { type: "new-entries", count: rows.length, view, title, description: `${rows.length} new entries`, url: `/timeline/view-${view}/all` };
}

/** What `GET /messaging/test` sends. */
export function testMessage(): PushMessage {
  return { type: "test", title: PRODUCT, description: "Push notifications work on this device.", url: "/settings/notifications" };
}

/**
 * Which of one reader's rows a device announces, one per entry: entries still unread in a view
 * the device chose, and those the reader's rules asked to notify about (`ruled`) in any view.
 * Rows come ordered by entry with feed sources first, so an entry read in a feed is named by it.
 */
export function entriesForDevice(rows: PushEntryRow[], views: readonly number[], ruled: ReadonlySet<string>): PushEntryRow[] {
  const chosen = new Map<string, PushEntryRow>();
  for (const row of rows) {
    if (chosen.has(row.entry_id)) continue;
    if (ruled.has(row.entry_id) || (row.unread && views.includes(row.view))) chosen.set(row.entry_id, row);
  }
  return [...chosen.values()];
}

/** The messages of one batch for one device: each entry up to {@link MAX_SINGLE}, else one summary. */
export function messagesFor(rows: PushEntryRow[]): PushMessage[] {
  if (rows.length === 0) return [];
  return rows.length <= MAX_SINGLE ? rows.map(entryMessage) : [summaryMessage(rows)];
}
