// The local mode of the search palette (spec §2 "search … with a local mode"): what the client
// already holds — entries of the store and the subscriptions — matched instantly, with no request.

import type { FeedView, Subscription } from "@tidings/contracts";
import type { EntryState } from "../../store/entries.store.ts";
import { subscriptionKey, subscriptionTitle } from "../../store/subscriptions.store.ts";
import { foldText, foldWithOffsets, plainText } from "./fold.ts";
import type { Segment } from "./segments.ts";

/** What the reader typed, folded: words or "quoted phrases" that must all match, and -exclusions. */
export interface LocalQuery {
  terms: string[];
  exclusions: string[];
}

/**
 * Reads a query the way the server's syntax looks (words, "phrases", -exclusions, OR); locally every
 * word must match and OR is ignored. Null when nothing is left to look for.
 */
export function parseLocalQuery(query: string): LocalQuery | null {
  const terms: string[] = [];
  const exclusions: string[] = [];
  for (const match of query.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    const negated = match[1] === "-" || (match[3]?.startsWith("-") ?? false);
    const raw = match[2] ?? (negated ? match[3]!.slice(1) : match[3]!);
    if (match[3] === "OR") continue;
    const folded = foldText(raw).replace(/\s+/g, " ").trim();
    if (!folded) continue;
    (negated ? exclusions : terms).push(folded);
  }
  return terms.length ? { terms, exclusions } : null;
}

/** Ranges [start, end) of `text` matching any of the folded terms, sorted and merged. */
export function matchRanges(text: string, terms: string[]): [number, number][] {
  if (!text || terms.length === 0) return [];
  const { folded, starts, ends } = foldWithOffsets(text);
  const found: [number, number][] = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      found.push([starts[at]!, ends[at + term.length - 1]!]);
    }
  }
  found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const range of found) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

/** `text` cut into plain and marked pieces along `ranges`. */
export function segmentsOf(text: string, ranges: [number, number][]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) segments.push({ text: text.slice(at, start), mark: false });
    segments.push({ text: text.slice(start, end), mark: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return segments;
}

/** `text` with the terms marked. */
export function highlightText(text: string, terms: string[]): Segment[] {
  return segmentsOf(text, matchRanges(text, terms));
}

/** Characters of a local snippet; context kept before its first match. */
const SNIPPET_CHARS = 180;
const LEAD_CHARS = 50;

/** About {@link SNIPPET_CHARS} characters of `text` around its first match, matches marked, cuts shown with "…". */
export function snippet(text: string, terms: string[]): Segment[] {
  const ranges = matchRanges(text, terms);
  let start = Math.max(0, (ranges[0]?.[0] ?? 0) - LEAD_CHARS);
  if (start > 0) {
    const space = text.lastIndexOf(" ", start);
    if (space !== -1 && start - space < 20) start = space + 1;
  }
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  const inside = ranges.flatMap(([s, e]): [number, number][] => (e > start && s < end ? [[Math.max(s, start) - start, Math.min(e, end) - start]] : []));
  const segments = segmentsOf(text.slice(start, end), inside);
  if (start > 0) segments.unshift({ text: "…", mark: false });
  if (end < text.length) segments.push({ text: "…", mark: false });
  return segments;
}

interface FoldedEntry {
  title: string;
  description: string;
  plainDescription: string;
}

// Folded once per entry object: the store replaces an entry's object whenever it changes.
const foldedEntries = new WeakMap<EntryState, FoldedEntry>();
function foldedEntry(state: EntryState): FoldedEntry {
  let folded = foldedEntries.get(state);
  if (!folded) {
    const plainDescription = plainText(state.entry.description);
    folded = { title: foldText(state.entry.title ?? ""), description: foldText(plainDescription), plainDescription };
    foldedEntries.set(state, folded);
  }
  return folded;
}

/** An entry found locally. */
export interface LocalEntryHit {
  id: string;
  state: EntryState;
  /** The entry's description as plain text (what the snippet is cut from). */
  description: string;
  sourceTitle: string | null;
}

/**
 * Entries whose title, description or feed title hold every term (and no exclusion): those
 * matching in the title first, then the newest. `sourceTitleOf` names an entry's feed or inbox.
 */
export function matchEntries(
  entries: Iterable<EntryState>,
  query: LocalQuery,
  sourceTitleOf: (sourceKey: string) => string | null,
  limit: number,
): LocalEntryHit[] {
  const hits: { hit: LocalEntryHit; score: number; time: number }[] = [];
  const sourceCache = new Map<string, string>();
  for (const state of entries) {
    const folded = foldedEntry(state);
    let source = sourceCache.get(state.sourceKey);
    if (source === undefined) {
      source = foldText(sourceTitleOf(state.sourceKey) ?? "");
      sourceCache.set(state.sourceKey, source);
    }
    const haystack = `${folded.title}\n${folded.description}\n${source}`;
    if (!query.terms.every((term) => haystack.includes(term))) continue;
    if (query.exclusions.some((term) => haystack.includes(term))) continue;
    const score = query.terms.filter((term) => folded.title.includes(term)).length * 2 + query.terms.filter((term) => folded.description.includes(term)).length;
    hits.push({
      hit: { id: state.entry.id, state, description: folded.plainDescription, sourceTitle: sourceTitleOf(state.sourceKey) },
      score,
      time: Date.parse(state.entry.publishedAt) || 0,
    });
  }
  hits.sort((a, b) => b.score - a.score || b.time - a.time);
  return hits.slice(0, limit).map((item) => item.hit);
}

/** A followed feed, list or inbox found locally. */
export interface FeedHit {
  key: string;
  subscription: Subscription;
  title: string;
  /** Its address (feeds) or handle (inboxes), shown under the title. */
  detail: string | null;
  view: FeedView;
}

/** The address line of a subscription. */
function detailOf(subscription: Subscription): string | null {
  if ("feeds" in subscription) return subscription.feeds.siteUrl ?? subscription.feeds.url;
  if ("inboxes" in subscription) return subscription.inboxId;
  return subscription.lists.description;
}

/** Subscriptions whose title or address holds every term: title matches first, then by title. */
export function matchFeeds(subscriptions: Iterable<Subscription>, query: LocalQuery, limit: number): FeedHit[] {
  const hits: { hit: FeedHit; score: number }[] = [];
  for (const subscription of subscriptions) {
    const title = subscriptionTitle(subscription);
    const foldedTitle = foldText(title);
    const urls = "feeds" in subscription ? [subscription.feeds.url, subscription.feeds.siteUrl ?? ""] : [subscriptionKey(subscription)];
    const haystack = `${foldedTitle}\n${foldText(urls.join("\n"))}`;
    if (!query.terms.every((term) => haystack.includes(term))) continue;
    if (query.exclusions.some((term) => haystack.includes(term))) continue;
    hits.push({
      hit: { key: subscriptionKey(subscription), subscription, title, detail: detailOf(subscription), view: subscription.view },
      score: query.terms.filter((term) => foldedTitle.includes(term)).length,
    });
  }
  hits.sort((a, b) => b.score - a.score || a.hit.title.localeCompare(b.hit.title));
  return hits.slice(0, limit).map((item) => item.hit);
}
