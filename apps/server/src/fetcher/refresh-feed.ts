import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "../db/client.ts";
import type { IngestActions } from "../ports.ts";
import type { ItemDigests } from "../db/schema/index.ts";
import type { FeedRow, FeedsRepo } from "../features/feeds/index.ts";
import type { TimelineRepo } from "../timeline/timeline.repo.ts";
import type { Clock } from "../lib/clock.ts";
import { FetchError, type HttpClient, type HttpResponse } from "../lib/http/index.ts";
import type { Logger } from "../lib/logger.ts";
import type { Semaphore } from "../lib/semaphore.ts";
import { describeFetchError, describeStatus } from "../content/fetch-errors.ts";
import type { FeedClient } from "./feed-client.ts";
import type { FeedReaders } from "./feed-readers.ts";
import { isRsshubUrl, ROUTE_CACHE_MS, type RsshubRouter } from "../features/rsshub/index.ts";
import { expiresMs, maxAgeMs, retryAfterMs } from "./http-hints.ts";
import type { SiteIcons } from "./site-icon.ts";
import { boostedMaxInterval, estimateUpdatesPerWeek, nextCheckAt } from "./schedule-policy.ts";
import { storeEntries } from "./store-entries.ts";


export interface RefreshDeps {
  db: Database;
  feeds: FeedsRepo;
  timeline: TimelineRepo;
  /** Fetches feed URLs under the private-network policy. */
  feedClient: FeedClient;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  /** Fetches `rsshub://` routes through the instances the feed's readers chose. */
  rsshub: RsshubRouter;
  /** Reads fetched documents (decode, parse, sanitise), on other threads when there are. */
  readers: FeedReaders;
  actions?: IngestActions;
  /**
   * Bounds the feeds being decoded, parsed and stored at once (all of them without it). Fetches
   * wait on the network and overlap freely; past that, each feed in hand holds megabytes (its
   * text, its parsed entries, their rows on their way to the database) while the processor and
   * the database are busy anyway: a few at a time finish as fast and hold a fraction.
   */
  processing?: Semaphore;
  /** Looks for the site's own icon when a feed has no image (SITE_ICONS). */
  siteIcons?: SiteIcons;
  /** Feeds whose stores need a transaction (store-entries.ts' StoreDeps.involved). */
  involved?: Set<string>;
  /** Told after entries were stored (new or rewritten): they wait for their search documents. */
  onStored?: (() => void) | undefined;
}

type ScheduleHints = { maxAgeMs: number | null; expiresMs: number | null; retryAfterMs: number | null; ttlMs?: number };
/** Which instance answered an `rsshub://` feed, and why not the readers' own when it did not. */
type RsshubState = { rsshubInstanceId: string | null; rsshubFallback: string | null };

export type RefreshOutcome =
  | { status: "updated"; inserted: number; updated: number; unchanged: number }
  | { status: "not-modified" }
  | { status: "failed"; message: string };

/**
 * One refresh of one feed: conditional GET, decode, parse, sanitise, store, then the next check.
 * Failures are recorded on the feed (message, time, count) and scheduled with back-off; they are
 * returned, never thrown, so one bad feed cannot stop a worker.
 */
export async function refreshFeed(
  deps: RefreshDeps,
  feed: FeedRow,
  options: { forUserId?: string; fresh?: boolean; /** Called once the host has answered (or failed to): nothing more is asked of it. */ onFetched?: () => void } = {},
): Promise<RefreshOutcome> {
  const started = deps.clock.now();
  const now = started.getTime();
  const fail = async (message: string, hints: { retryAfterMs?: number | null } = {}): Promise<RefreshOutcome> => {
    const errorCount = feed.errorCount + 1;
    await deps.feeds.update(feed.id, {
      checkedAt: started,
      errorCount,
      errorMessage: message,
      errorAt: started,
      nextCheckAt: new Date(nextCheckAt({ now, updatesPerWeek: feed.updatesPerWeek, errorCount, retryAfterMs: hints.retryAfterMs ?? null })),
    });
    deps.logger.debug({ feedId: feed.id, url: feed.url, errorCount, message }, "feed refresh failed");
    return { status: "failed", message };
  };

  let response;
  // What fetched the feed fetches its site's icon: a feed on a private network has its site there.
  let client = deps.feedClient.publicHttp;
  let routed: RsshubState | null = null;
  try {
    if (isRsshubUrl(feed.url)) {
      const answer = await deps.rsshub.fetch(feed.url, { feedId: feed.id, forUserId: options.forUserId, fresh: options.fresh, lastInstanceId: feed.rsshubInstanceId, etag: feed.etag, lastModified: feed.lastModified });
      response = answer.response;
      routed = { rsshubInstanceId: answer.via.instanceId, rsshubFallback: answer.fallback };
    } else {
      ({ response, client } = await deps.feedClient.request(feed, { url: feed.url, etag: feed.etag, lastModified: feed.lastModified }, options.forUserId));
    }
  } catch (error) {
    if (error instanceof FetchError) return fail(describeFetchError(error));
    throw error;
  } finally {
    options.onFetched?.();
  }
  const headers = response.headers;
  const hints = {
    maxAgeMs: maxAgeMs(headers["cache-control"]),
    expiresMs: expiresMs(headers.expires, now),
    retryAfterMs: retryAfterMs(headers["retry-after"], now),
    // An instance serves a route from its cache for an hour (spec §9): asking sooner gets the same answer.
    ...(routed ? { ttlMs: ROUTE_CACHE_MS } : {}),
  };
  if (response.status === 429 || response.status === 503) return fail(describeStatus(response.status), hints);
  if (response.status === 304) {
    await deps.feeds.update(feed.id, {
      checkedAt: started,
      errorCount: 0,
      errorMessage: null,
      errorAt: null,
      ...routed,
      nextCheckAt: new Date(nextCheckAt({ now, updatesPerWeek: feed.updatesPerWeek, errorCount: 0, maxIntervalMs: boostedMaxInterval(feed.boostLevel), ...hints })),
    });
    return { status: "not-modified" };
  }
  if (response.status < 200 || response.status >= 300) return fail(describeStatus(response.status));
  const process = () => processBody(deps, feed, response, { started, hints, fail, routed, client });
  return deps.processing ? deps.processing.run(process) : process();
}

/** Decodes, parses and stores a fetched feed document, then records the feed's new state. */
async function processBody(
  deps: RefreshDeps,
  feed: FeedRow,
  response: HttpResponse,
  context: { started: Date; hints: ScheduleHints; fail: (message: string) => Promise<RefreshOutcome>; routed: RsshubState | null; client: HttpClient },
): Promise<RefreshOutcome> {
  const { started, fail, routed } = context;
  const { ttlMs: routeTtlMs, ...hints } = context.hints;
  const now = started.getTime();
  const headers = response.headers;
  // Items whose markup the last refresh read already are not read again: a changed feed with 5
  // new items of 60 costs 5 items, not 60 (a changed item has a new digest and is read).
  const known = new Map(feed.itemDigests ?? []);
  const read = await deps.readers.read({ body: response.body, contentType: headers["content-type"] ?? null, url: response.url, known: [...known.keys()], now });
  if (!read.ok) return fail(read.message);
  const parsed = read.feed;
  // The items of this document: those read now, and the known ones with the time they had.
  const itemDigests: ItemDigests = read.knownItems.map((digest) => [digest, known.get(digest)!]);
  for (const entry of read.entries) if (entry.digest) itemDigests.push([entry.digest, entry.publishedAt.getTime()]);
  const times = [...itemDigests.map(([, time]) => time), ...read.entries.flatMap((entry) => (entry.digest ? [] : [entry.publishedAt.getTime()]))];
  const updatesPerWeek = estimateUpdatesPerWeek(times, now);
  const latest = times.reduce<number | null>((max, time) => Math.max(max ?? 0, time), null);
  const ttlMs = Math.max(parsed.ttlMinutes ? parsed.ttlMinutes * 60_000 : 0, routeTtlMs ?? 0) || null;
  const movedTo = response.permanentUrl && !feed.url.startsWith("rsshub://") ? response.permanentUrl : null;
  if (movedTo && movedTo !== feed.url && !(await deps.feeds.findByUrl(movedTo))) {
    await deps.feeds.update(feed.id, { url: movedTo });
  }
  // The feed's new state and its subscriber count (kept on the feed), written by the statement
  // that stores the entries: the item digests never claim items that were not stored.
  const state = {
    title: parsed.title ?? feed.title,
    description: parsed.description ?? feed.description,
    siteUrl: parsed.siteUrl ?? feed.siteUrl,
    image: parsed.image ?? feed.image,
    language: parsed.language ?? feed.language,
    etag: headers.etag ?? null,
    lastModified: headers["last-modified"] ?? null,
    checkedAt: started,
    errorCount: 0,
    errorMessage: null,
    errorAt: null,
    ...routed,
    itemDigests: itemDigests.length > 0 ? itemDigests : null,
    updatesPerWeek,
    latestEntryPublishedAt: latest !== null && (!feed.latestEntryPublishedAt || latest > feed.latestEntryPublishedAt.getTime()) ? new Date(latest) : feed.latestEntryPublishedAt,
    nextCheckAt: new Date(nextCheckAt({ now, updatesPerWeek, errorCount: 0, ttlMs, maxIntervalMs: boostedMaxInterval(feed.boostLevel), ...hints })),
  };
  const { followUp, ...stored } = await storeEntries(deps, feed.id, read.entries, started, (when) => deps.feeds.updateAndRecountStatement(feed.id, state, when));
  followUp?.();
  if (stored.inserted + stored.updated > 0) deps.onStored?.();
  // Without an image of its own, the feed shows its site's icon (looked up when due, site-icon.ts).
  if (!parsed.image) deps.siteIcons?.lookUp(feed, parsed.siteUrl ?? feed.siteUrl ?? response.url, context.client);
  return { status: "updated", ...stored, unchanged: stored.unchanged + read.knownItems.length };
}
