import type { FeedView } from "@tidings/contracts";
import { type TimelineTarget, timelinePath } from "../timeline/index.ts";
import { highlightText, type FeedHit, type LocalEntryHit, snippet } from "./local-match.ts";
import { parseHighlight, type Segment } from "./segments.ts";
import type { ServerSearchItem } from "./server-search.ts";

/** What an entry row shows of its feed or inbox. */
export interface ResultSource {
  title: string | null;
  image: string | null;
  siteUrl: string | null;
  url: string | null;
}

/** One row of the palette, in the order the keyboard walks them. */
export type SearchResult =
  | { kind: "feed"; key: string; path: string; title: Segment[]; detail: Segment[]; view: FeedView; source: ResultSource }
  | {
      kind: "entry";
      key: string;
      path: string;
      title: Segment[];
      snippet: Segment[];
      source: ResultSource | null;
      /** The feed's (or inbox's) name, matches marked. */
      sourceTitle: Segment[];
      publishedAt: string;
      unread: boolean;
      /** Found only by the server's full-text search. */
      fromServer: boolean;
    };

/** The timeline an entry opens in: its feed, or its inbox. */
function entryTarget(feedId: string | null, inboxHandle: string | undefined): TimelineTarget {
  if (inboxHandle) return { kind: "inbox", handle: inboxHandle };
  return feedId ? { kind: "feeds", feedIds: [feedId] } : { kind: "all" };
}

/** The route of a followed feed, list or inbox. */
function feedTarget(hit: FeedHit): TimelineTarget {
  const s = hit.subscription;
  if ("feedId" in s) return { kind: "feeds", feedIds: [s.feedId] };
  if ("listId" in s) return { kind: "list", listId: s.listId };
  return { kind: "inbox", handle: s.inboxId };
}

export interface BuildInput {
  terms: string[];
  feeds: FeedHit[];
  local: LocalEntryHit[];
  server: ServerSearchItem[];
  /** The view an entry of this source (feed id or inbox handle) opens in. */
  viewOf: (sourceKey: string) => FeedView;
  /** An entry's feed or inbox as the client knows it. */
  sourceOf: (sourceKey: string) => ResultSource | null;
}

const serverSourceKey = (item: ServerSearchItem) => (item.feeds.type === "inbox" ? item.feeds.id : (item.entries.feedId ?? item.feeds.id));

/** Plain text as one unmarked segment. */
const plain = (text: string): Segment[] => (text ? [{ text, mark: false }] : []);

/**
 * The rows of the palette: followed feeds, then the entries found locally (with the server's
 * richer highlights when it found them too), then those only the server's full-text search found.
 */
export function buildResults({ terms, feeds, local, server, viewOf, sourceOf }: BuildInput): { feeds: SearchResult[]; entries: SearchResult[] } {
  const feedRows: SearchResult[] = feeds.map((hit) => {
    const s = hit.subscription;
    const summary = "feeds" in s ? s.feeds : "lists" in s ? s.lists : s.inboxes;
    return {
      kind: "feed",
      key: `feed:${hit.key}`,
      path: timelinePath(hit.view, feedTarget(hit)),
      title: highlightText(hit.title, terms),
      detail: hit.detail ? highlightText(hit.detail, terms) : [],
      view: hit.view,
      source: {
        title: hit.title,
        image: summary.image,
        siteUrl: "siteUrl" in summary ? summary.siteUrl : null,
        url: "url" in summary ? summary.url : null,
      },
    };
  });

  const byId = new Map(server.map((item) => [item.entries.id, item]));
  const entryRows: SearchResult[] = [];
  const shown = new Set<string>();
  for (const hit of local) {
    const { entry } = hit.state;
    const remote = byId.get(hit.id);
    const localTitle = highlightText(entry.title?.trim() || entry.url || "", terms);
    const localSnippet = hit.description ? snippet(hit.description, terms) : [];
    const remoteSnippet = remote ? parseHighlight(remote.highlight.snippet) : [];
    shown.add(hit.id);
    entryRows.push({
      kind: "entry",
      key: `entry:${hit.id}`,
      path: timelinePath(viewOf(hit.state.sourceKey), entryTarget(entry.feedId, entry.inboxHandle), hit.id),
      title: localTitle,
      // The server cuts its snippet from the whole body; a local one only sees the description.
      snippet: remoteSnippet.some((s) => s.mark) && !localSnippet.some((s) => s.mark) ? remoteSnippet : localSnippet,
      source: sourceOf(hit.state.sourceKey),
      sourceTitle: highlightText(hit.sourceTitle ?? "", terms),
      publishedAt: entry.publishedAt,
      unread: hit.state.read === false,
      fromServer: false,
    });
  }
  for (const item of server) {
    if (shown.has(item.entries.id)) continue;
    shown.add(item.entries.id);
    const { entries: entry, feeds: source } = item;
    entryRows.push({
      kind: "entry",
      key: `entry:${entry.id}`,
      path: timelinePath(viewOf(serverSourceKey(item)), entryTarget(entry.feedId, entry.inboxHandle), entry.id),
      title: item.highlight.title !== null && item.highlight.title.trim() ? parseHighlight(item.highlight.title) : plain(entry.url ?? ""),
      snippet: parseHighlight(item.highlight.snippet),
      source: { title: source.title, image: source.image, siteUrl: "siteUrl" in source ? source.siteUrl : null, url: "url" in source ? source.url : null },
      sourceTitle: highlightText(source.title ?? "", terms),
      publishedAt: entry.publishedAt,
      unread: item.read === false,
      fromServer: true,
    });
  }
  return { feeds: feedRows, entries: entryRows };
}
