import { ErrorCode, errorMessage, type IdGenerator, type OpmlImportResult } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
import type { FeedRow } from "../../db/schema/feeds.ts";
import type { LimitsConfig } from "./limits.config.ts";
import { AppError } from "../../errors.ts";
import { normalizeFeedUrl } from "../../content/feed-url.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import { presentFeed } from "../feeds/index.ts";
import { type ImportStep, importBackfillDepth, planImport } from "./opml-import-plan.ts";
import type { FolderMode } from "./opml-write.ts";
import type { OpmlRepo } from "./opml.repo.ts";
import { BACKFILL_ENTRIES } from "./subscriptions.service.ts";

/** Largest OPML file accepted (code 14001 beyond). */
export const MAX_OPML_BYTES = 5 * 1024 * 1024;
/** Subscriptions written per transaction: short transactions, few statements per feed. */
export const IMPORT_BATCH_SIZE = 500;

export interface OpmlServiceDeps {
  /** Runs work in one database transaction. */
  transaction: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
  repo: OpmlRepo;
  timeline: Pick<TimelineRepo, "backfillFeeds">;
  /** The reader's rules (Actions) on what the import gave them, in its transaction. */
  afterBackfill?: (tx: Executor, userId: string, now: Date) => Promise<void>;
  ids: IdGenerator;
  clock: Clock;
  limits: LimitsConfig;
  /** Tells the scheduler that new feeds are due. */
  wakeScheduler: () => void;
}

/** The answer of POST /subscriptions/import (its shape is the contract's). */
export type ImportResult = OpmlImportResult;

type Create = Extract<ImportStep, { kind: "create" }>;

/** OPML export and import of a user's feed subscriptions. */
export function createOpmlService(deps: OpmlServiceDeps) {
  const { repo, limits } = deps;

  /** New subscriptions the user has room for, and the reason given to items beyond it. */
  async function roomOf(user: RequestUser) {
    const counts = await repo.countSubscriptions(user.id);
    const total = limits.subscriptions - counts.total;
    const trial = user.role === "trial" ? limits.trialFeedSubscriptions - counts.feeds : Number.POSITIVE_INFINITY;
    const code = trial < total ? ErrorCode.TrialMaxFeedSubscription : ErrorCode.SubscriptionLimitExceeded;
    return { room: Math.max(0, Math.min(trial, total)), limitReason: errorMessage(code) };
  }

  /**
   * Finds or creates the feeds of one batch and subscribes the user, in one transaction. A feed
   * created here has no entries yet (the scheduler fetches it); one that existed gets its `depth`
   * most recent entries, as a new subscriber does (see importBackfillDepth). A subscription that
   * exists already (a concurrent subscribe) is skipped and reported as a conflict.
   */
  async function importBatch(userId: string, batch: Create[], now: Date, depth: number) {
    return deps.transaction(async (tx) => {
      // Feeds with these addresses stay as they are; the others are created (and due at once).
      const created = await repo.insertFeeds(tx, batch.map((step) => ({ id: deps.ids.next(), url: step.url, title: step.title, siteUrl: step.siteUrl })));
      const feeds = new Map((await repo.feedsByUrl(tx, batch.map((step) => step.url))).map((feed) => [feed.url, feed]));
      const rows = batch.flatMap((step) => {
        const feed = feeds.get(step.url);
        if (!feed) return [];
        // A feed created from the outline already bears its title; an existing one keeps its own,
        // and a different outline title (a renamed subscription) becomes the subscription's.
        const title = !created.has(feed.id) && feed.title && step.title && step.title !== feed.title ? step.title : null;
        return [{ id: deps.ids.next(), feedId: feed.id, view: step.view, category: step.category, title }];
      });
      const subscribed = await repo.insertFeedSubscriptions(tx, userId, rows, now);
      const known = rows.filter((row) => subscribed.has(row.feedId) && !created.has(row.feedId));
      await deps.timeline.backfillFeeds(tx, userId, known, now, depth);
      await deps.afterBackfill?.(tx, userId, now);
      return { feeds, subscribed };
    });
  }

  return {
    /** GET /subscriptions/export: the user's feed subscriptions (private ones too) as OPML. */
    async exportOpml(user: RequestUser, options: { folderMode: FolderMode; rsshubUrl?: string | null }): Promise<string> {
      const rows = await repo.feedSubscriptions(user.id);
      const feeds = rows.map((row) => ({ url: row.url, title: row.title ?? row.feedTitle, siteUrl: row.siteUrl, view: row.view, category: row.category }));
      // feedsmith and its XML parser load with the first OPML file read or written, not with the server.
      const { writeOpml } = await import("./opml-write.ts");
      return writeOpml(feeds, { folderMode: options.folderMode, rsshubUrl: options.rsshubUrl ?? null, now: deps.clock.now(), ownerName: user.name });
    },

    /**
     * POST /subscriptions/import: follows every feed of an OPML file without fetching any (the
     * scheduler does, at once), and reports each feed outline as subscribed, already followed or
     * not importable. Throws 14001 for a file over 5 MB, 14000 for one that is no OPML or holds no
     * feed.
     */
    async importOpml(user: RequestUser, input: { bytes: Uint8Array; view: number }): Promise<ImportResult> {
      if (input.bytes.byteLength > MAX_OPML_BYTES) throw new AppError(ErrorCode.FileTooLarge, { reason: "An OPML file may be at most 5 MB" });
      const { readOpml } = await import("./opml-read.ts");
      const items = readOpml(input.bytes);
      if (!items) throw new AppError(ErrorCode.InvalidFile, { reason: "The file is not an OPML document" });
      if (items.length === 0) throw new AppError(ErrorCode.InvalidFile, { reason: "The file holds no feeds" });

      const urls = [...new Set(items.flatMap((item) => (item.url ? [normalizeFeedUrl(item.url) ?? ""] : [])).filter(Boolean))];
      const feeds = new Map<string, FeedRow>((await repo.followedFeedsByUrl(user.id, urls)).map((feed) => [feed.url, feed]));
      const steps = planImport(items, { defaultView: input.view, followed: new Set(feeds.keys()), ...(await roomOf(user)) });

      const creates = steps.filter((step): step is Create => step.kind === "create");
      const subscribed = new Set<string>();
      const now = deps.clock.now();
      const depth = importBackfillDepth(await repo.countFeedsByUrl(creates.map((step) => step.url)), BACKFILL_ENTRIES);
      for (let start = 0; start < creates.length; start += IMPORT_BATCH_SIZE) {
        const batch = await importBatch(user.id, creates.slice(start, start + IMPORT_BATCH_SIZE), now, depth);
        for (const [url, feed] of batch.feeds) feeds.set(url, feed);
        for (const feedId of batch.subscribed) subscribed.add(feedId);
      }
      await repo.recountSubscribers([...subscribed]);
      if (subscribed.size > 0) deps.wakeScheduler();
      return summarize(steps, feeds, subscribed);
    },
  };
}

/** Sorts the steps into the three lists of the answer, in file order. */
function summarize(steps: ImportStep[], feeds: Map<string, FeedRow>, subscribed: Set<string>): ImportResult {
  const result: ImportResult = { successfulItems: [], conflictItems: [], parsedErrorItems: [] };
  for (const step of steps) {
    if (step.kind === "error") {
      result.parsedErrorItems.push({ ...(step.url ? { url: step.url } : {}), ...(step.title ? { title: step.title } : {}), reason: step.reason });
      continue;
    }
    const feed = feeds.get(step.url);
    if (!feed) result.parsedErrorItems.push({ url: step.url, reason: "The feed could not be stored; import the file again" });
    else if (step.kind === "create" && subscribed.has(feed.id)) result.successfulItems.push(presentFeed(feed));
    else result.conflictItems.push(presentFeed(feed));
  }
  return result;
}

export type OpmlService = ReturnType<typeof createOpmlService>;
