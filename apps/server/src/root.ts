// Over 300 lines: the one composition root, every feature's wiring read top to bottom in one place.
import { createIdGenerator } from "@tidings/contracts";
import { randomInt } from "node:crypto";
import { createAuthModule } from "./auth/index.ts";
import { clientConfig } from "./client-config.ts";
import { normalizeFeedUrl } from "./content/feed-url.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { createJobsPurge } from "./db/job-queue.ts";
import { pingDatabase } from "./db/ping.ts";
import { retryOnConflict } from "./db/retry.ts";
import type { Config } from "./env.ts";
import type { RequestUser } from "./http/context.ts";
import { createAccountsModule } from "./features/accounts/index.ts";
import { createActionsModule } from "./features/actions/index.ts";
import { createAiModule } from "./features/ai/index.ts";
import { createAppPasswordsModule } from "./features/app-passwords/index.ts";
import { createCollectionsModule } from "./features/collections/index.ts";
import { createDiscoverModule } from "./features/discover/index.ts";
import { createEntriesModule } from "./features/entries/index.ts";
import { createFeedsModule, presentFeed } from "./features/feeds/index.ts";
import { createFeverModule } from "./features/fever/index.ts";
import { createMinifluxModule } from "./features/miniflux/index.ts";
import { createFilesModule } from "./features/files/index.ts";
import { createGreaderModule } from "./features/greader/index.ts";
import { createImagesModule } from "./features/images/index.ts";
import { createInboxesModule } from "./features/inboxes/index.ts";
import { createIntegrationsModule } from "./features/integrations/index.ts";
import { createInvitationsModule } from "./features/invitations/index.ts";
import { createListsModule } from "./features/lists/index.ts";
import { createMessagingModule } from "./features/messaging/index.ts";
import { createMetricsModule, type MetricsModule } from "./features/metrics/index.ts";
import type { FeatureModule, Job } from "./features/module.ts";
import { createPowerModule } from "./features/power/index.ts";
import { createProfilesModule } from "./features/profiles/index.ts";
import { createReadsModule } from "./features/reads/index.ts";
import { createRsshubModule } from "./features/rsshub/index.ts";
import { createSearchModule } from "./features/search/index.ts";
import { createBackupModule } from "./features/backup/index.ts";
import { createShareModule } from "./features/share/index.ts";
import { createSubscriptionsModule } from "./features/subscriptions/index.ts";
import { createRefresher, discoverFeeds, loadReadability } from "./fetcher/index.ts";
import { createRateCounter } from "./http/rate-counter.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { answeringRefusals, createNetworkPolicy } from "./lib/http/index.ts";
import { USER_AGENT } from "./lib/http/user-agent.ts";
import { lazyMailer } from "./lib/mail/lazy-mailer.ts";
import type { Logger } from "./lib/logger.ts";
import type { VapidKeys } from "./lib/push/vapid-keys.ts";
import type { Platform } from "./platform.ts";
import type { IngestActions } from "./ports.ts";
import { createTimelineRepo } from "./timeline/timeline.repo.ts";

/** What the composition root is built from: the configuration and what the entry point opened. */
export interface RootInput {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** The resolved instance secret (configured, or generated and kept in the data directory). */
  authSecret: string;
  /** The instance's VAPID keys; null: none in this process (it sends no push); absent: this process's own (tests). */
  vapidKeys?: VapidKeys | null;
  clock?: Clock;
  /** Where the feed engine reports each refresh; absent: this root's metrics. */
  onRefresh?: MetricsModule["onRefresh"];
}

/**
 * The one composition root: the only place that knows every feature. It builds them in the order
 * of their dependencies (read top to bottom), wiring each one's ports to what features built
 * before it offer. Where two need each other at run time (the feed engine and the feeds it
 * refreshes; entries and the lists, inboxes and AI helpers that read them), a port calls into a
 * feature built further down; nothing is called before the root returns.
 */
export function createRoot(input: RootInput) {
  const { config, logger, database, authSecret } = input;
  const clock = input.clock ?? systemClock;
  const { db } = database;
  const ids = createIdGenerator({ workerId: config.workerId ?? randomInt(1024) });

  // Accounts first: the private-network policy asks them who is an administrator.
  const accounts = createAccountsModule({ platform: { db, clock, logger, secret: authSecret }, invitationsRequired: config.auth.invitationsRequired });
  const network = createNetworkPolicy({
    userAgent: USER_AGENT,
    privateNetworksFor: config.network.privateNetworksFor,
    sharedAddresses: config.network.sharedAddresses,
    totalTimeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
    isAdmin: accounts.isAdmin,
  });
  const platform: Platform = { db, ids, clock, logger, secret: authSecret, network };
  const metrics = createMetricsModule({ platform, config: config.metrics, trustProxy: config.server.trustProxy, poolStats: database.poolStats });
  const { server } = config;
  const auth = createAuthModule({
    platform,
    accounts,
    config: { auth: config.auth, accounts: config.accounts, webUrl: server.webUrl, trustedOrigins: server.trustedOrigins, trustProxy: server.trustProxy },
    mailer: lazyMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger }),
  });
  // Every rate limit counts here, shared by every server process (the database, or Redis).
  const rateCounter = createRateCounter({ config: config.rateLimits, db, clock, logger });
  const { checkTwoFactor } = accounts;
  const power = createPowerModule({ platform, config: config.power, checkTwoFactor });
  const invitationPrice = config.power.invitationPrice;
  const invitations = createInvitationsModule({
    platform,
    intervalDays: config.accounts.invitationIntervalDays,
    checkTwoFactor,
    ...(power.purchases && invitationPrice > 0 ? { pay: (tx, userId, now) => power.purchases!.invitation(tx, userId, invitationPrice, now) } : {}),
  });
  const messaging = createMessagingModule({ platform, config: config.push, vapid: input.vapidKeys });
  const actions = createActionsModule({
    platform,
    limits: { maxActions: config.limits.actions, maxWebhooksPerAction: config.limits.webhooksPerAction },
    ai: {
      summarize: (userId, entryId, language) => ai.ingestion.summarize(userId, entryId, language),
      translate: (userId, entryId, language, view) => ai.ingestion.translate(userId, entryId, language, translationFields(view)),
    },
  });
  // Work started after a commit that no request waits for (the rules' AI work): a process that
  // ends after one pass (`cli refresh`) waits for it (settled()).
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  // Readers' rules first (they block and silence), then push notifications of what is left: one
  // job with the rules' own "notify" results, queued in the ingestion's transaction (durable).
  const ingest: IngestActions = {
    async ingestThen(executor, entryIds, now) {
      const afterRules = await actions.actions.ingest(executor, entryIds, now);
      const notifying = await messaging.notifier.enqueue(executor, entryIds, now, afterRules?.notify ?? []);
      return () => {
        track(actions.actions.afterIngest(afterRules));
        if (notifying) messaging.notifier.wake();
      };
    },
    busyIf: (feedId) => [actions.actions.rulesReachFeed(feedId), messaging.notifier.anyDevice],
  };
  const rsshub = createRsshubModule({ platform, config: { ...config.rsshub, defaultUrl: config.fetch.rsshubUrl }, ...(power.purchases ? { payments: power.purchases.rsshub } : {}) });
  const timeline = createTimelineRepo(db);
  const fetchRoute = (forUserId: string | undefined) => async (route: string) => (await rsshub.router.fetch(route, { feedId: null, forUserId })).response;
  const boosts = power.enabled ? { boostLevels: (feedIds: string[]) => power.boosts.levels(feedIds) } : {};
  const feeds = createFeedsModule({
    platform,
    rsshubUrl: config.fetch.rsshubUrl,
    // The feeds at an address the reader typed, through their client of the private-network policy.
    discover: async (url, forUserId) => {
      const who = forUserId ? await network.standing(forUserId) : null;
      return answeringRefusals(network, who, () => discoverFeeds({ http: network.clientFor(who), rsshub: fetchRoute(forUserId) }, url));
    },
    refresh: (feed, options) => refresher.refresh(feed, options),
    wakeScheduler: () => refresher.scheduler.wake(),
    ...boosts,
    ...(power.enabled ? { tipsWaiting: (feedIds: string[]) => power.ledger.feedBalances(feedIds) } : {}),
  });
  const refresher = createRefresher({ platform: { ...platform, db: database.background ?? db }, config: { ...config.fetch, siteIcons: config.images.siteIcons }, feeds: feeds.repo, timeline, rsshub: rsshub.router, actions: ingest, onRefresh: input.onRefresh ?? metrics.onRefresh, onStored: () => search.indexer.wake() });
  const feedsById = async (feedIds: string[]) => new Map((await feeds.repo.findByIds(feedIds)).map((feed) => [feed.id, presentFeed(feed)]));
  const files = createFilesModule({ platform, webUrl: server.webUrl, avatarMaxBytes: config.accounts.avatarMaxBytes });
  const search = createSearchModule({ platform, feedsById, inboxesById: (inboxIds) => inboxes.inboxesById(inboxIds) });
  const lists = createListsModule({
    platform,
    timeline,
    maxLists: config.limits.lists,
    feedsByIds: async (feedIds) => (await feeds.repo.findByIds(feedIds)).map(presentFeed),
    recentEntries: async (user, listId, limit) => (await entries.entries.timeline(user, { listId, limit })).items,
  });
  const subscriptions = createSubscriptionsModule({
    platform,
    limits: config.limits,
    emailSuffix: config.inbox.emailSuffix,
    timeline,
    resolveFeed: (url, userId) => feeds.feeds.resolveFeed(url, userId),
    findList: lists.findList,
    recountFeed: (feedId) => feeds.feeds.recountSubscribers(feedId),
    afterBackfill: (tx, userId, now) => actions.actions.afterBackfill(tx, userId, now),
    ...(power.purchases ? { payForList: power.purchases.listFee } : {}),
    inboxIdOf: (userId, handle) => inboxes.ownInboxId(userId, handle),
    feedIdOf: async (url) => {
      const normalized = normalizeFeedUrl(url);
      return normalized ? ((await feeds.repo.findByUrl(normalized))?.id ?? null) : null;
    },
    wakeScheduler: () => refresher.scheduler.wake(),
  });
  const entries = createEntriesModule({
    platform,
    followed: subscriptions.followed,
    feedsById,
    inboxesById: (inboxIds) => inboxes.inboxesById(inboxIds),
    ownInboxId: (userId, handle) => inboxes.ownInboxId(userId, handle),
    listExists: async (listId) => (await lists.findList(listId)) !== null,
    feedExists: async (feedId) => (await feeds.repo.findById(feedId)) !== null,
    fetchReadability: async (entry, user) => {
      const fetchReadability = await loadReadability();
      return answeringRefusals(network, user, () => fetchReadability({ db, http: network.clientFor(user) }, entry));
    },
    decorate: (userId, items) => actions.actions.decorate(userId, items),
  });
  const inboxes = createInboxesModule({
    platform,
    config: config.inbox,
    limits: config.limits,
    timeline,
    files: files.files,
    timelinePage: (user, request) => entries.entries.timeline(user, request),
    entryItem: (user, entryId) => entries.entries.get(user, entryId),
    indexEntries: search.indexEntries,
    ingest,
    rateCounter,
  });
  const reads = createReadsModule({ timeline, clock, subscriptionsOf: subscriptions.keysForUser, ownInboxId: inboxes.ownInboxId, retry: retryOnConflict });
  const collections = createCollectionsModule({ platform, canSee: entries.visibleTo });
  const ai = createAiModule({ platform, config: { ...config.ai, sharedAddresses: config.network.sharedAddresses }, entries: entries.entries, canSee: entries.visibleTo });
  const integrations = createIntegrationsModule({ platform, config: config.integrations, entry: (user, entryId) => entries.entries.get(user, entryId), rateCounter });
  const discover = createDiscoverModule({
    platform,
    rsshub,
    ...(power.enabled ? { boosts: boosts.boostLevels } : {}),
    // The address the reader typed passes the private-network policy before anything is fetched.
    discover: async (url, forUserId) => {
      const who = await network.standing(forUserId);
      return answeringRefusals(network, who, async () => {
        await network.check(url, who);
        return discoverFeeds({ http: network.clientFor(who), rsshub: fetchRoute(forUserId) }, url);
      });
    },
    // A candidate becomes a stored feed, fetched once now so that its previews (and a follow) have entries.
    store: async (candidate, forUserId) => {
      const known = await feeds.repo.findByUrl(candidate.url);
      if (known) return known;
      const { url, title, siteUrl, description, image } = candidate;
      const feed = await feeds.repo.insertOrGet({ id: ids.next(), url, title, siteUrl, description, image });
      if (!feed.checkedAt) await refresher.refresh(feed, { forUserId });
      return (await feeds.repo.findById(feed.id)) ?? feed;
    },
  });
  const images = createImagesModule({ platform, config: config.images, dataDir: config.dataDir, trustProxy: server.trustProxy, rateCounter });
  const profiles = createProfilesModule({ platform, clientConfig: clientConfig(config), invitationsRequired: () => accounts.accounts.invitationsRequired() });
  const appPasswords = createAppPasswordsModule({ platform });
  // What the reader apps' APIs import and export: OPML with folders as categories.
  const readerAppsOpml = {
    exportOpml: (user: RequestUser) => subscriptions.opml.exportOpml(user, { folderMode: "category" }),
    importOpml: (user: RequestUser, bytes: Uint8Array) => subscriptions.opml.importOpml(user, { bytes, view: 0 }),
  };
  const greader = createGreaderModule({
    platform,
    appPasswords: appPasswords.appPasswords,
    throttle: accounts.signInGuard,
    trustProxy: server.trustProxy,
    timeline,
    subscriptions: subscriptions.subscriptions,
    opml: readerAppsOpml,
    retry: retryOnConflict,
  });
  const fever = createFeverModule({ platform, readerOfKey: (apiKey) => appPasswords.appPasswords.fromFeverKey(apiKey), timeline, stars: collections.collections, webUrl: server.webUrl, inboxEmailSuffix: config.inbox.emailSuffix, icon: images.cachedIcon });
  const miniflux = createMinifluxModule({
    platform,
    appPasswords: appPasswords.appPasswords,
    timeline,
    stars: collections.collections,
    subscriptions: subscriptions.subscriptions,
    opml: readerAppsOpml,
    refreshSoon: () => refresher.scheduler.wake(),
    webUrl: server.webUrl,
    inboxEmailSuffix: config.inbox.emailSuffix,
    icon: images.cachedIcon,
  });
  const share = createShareModule({ platform, webUrl: server.webUrl, subscriptionsOf: (viewer, userId) => subscriptions.subscriptions.list(viewer, { userId }) });

  const backup = createBackupModule({ platform, driver: database.driver, dataDir: config.dataDir });
  // Mounted in this order; a path the first one answers is the first one's.
  const modules: FeatureModule[] = [invitations, accounts, feeds, subscriptions, entries, reads, collections, ai, actions, lists, inboxes, profiles, search, discover, files, images, messaging, integrations, rsshub, power, share, appPasswords, greader, fever, miniflux, metrics, backup];
  // Every job claims its work in the database (lib/claim-loop.ts): any process may run them all, each piece of work once.
  const refresh: Job = { name: "refresh", start: () => refresher.scheduler.start(), stop: () => refresher.scheduler.stop() };
  const jobs: Job[] = [refresh, ...modules.flatMap((module) => module.jobs ?? []), createJobsPurge({ db, clock, logger: logger.child({ module: "jobs" }) })];
  return {
    config,
    logger,
    secret: authSecret,
    db,
    driver: database.driver,
    pingDatabase: () => pingDatabase(db),
    ids,
    clock,
    network,
    /** What every rate limit counts with; closed with the server (`rateCounter.close()`). */
    rateCounter,
    /** The client for what no reader vouches for: public addresses only. */
    http: network.publicHttp,
    auth,
    modules,
    jobs,
    /** The HTTP app's request timer (metrics); undefined with METRICS=false. */
    observeRequests: metrics.observeRequests,
    metrics,
    // What entry points, scripts and tests reach for.
    accounts: accounts.accounts,
    feeds: feeds.feeds,
    feedsRepo: feeds.repo,
    timeline,
    scheduler: refresher.scheduler,
    /** Resolves once the work started after commits (the rules' AI work) has settled. */
    settled: async () => {
      while (pending.size > 0) await Promise.all(pending);
    },
    feedReaders: refresher.readers,
    refreshFeed: refresher.refresh,
    subscriptions: subscriptions.subscriptions,
    entries: entries.entries,
    actions: actions.actions,
    /** What ingestion runs on new entries (readers' rules, then push notifications). */
    ingest,
    webhookSender: actions.webhookSender,
    push: messaging,
    power,
    ai,
    rsshub,
    inboxes,
    integrations: integrations.integrations,
    indexEntries: search.indexEntries,
    searchIndexer: search.indexer,
    appPasswords: appPasswords.appPasswords,
  };
}

/** Everything the composition root built. */
export type Root = ReturnType<typeof createRoot>;

/** The fields an Action's translation covers, by view (reference facts §2.10). */
function translationFields(view: number): ("title" | "description" | "content")[] {
  if (view === 0) return ["title", "description"];
  if (view === 1) return ["content"];
  return ["title"];
}
