import { createIdGenerator, type IdGenerator } from "@tidings/contracts";
import { randomInt } from "node:crypto";
import { createAccountDeletionRepo } from "./auth/account-deletion.repo.ts";
import { createAuth, type Auth } from "./auth/auth.ts";
import type { Database, DatabaseHandle, Executor } from "./db/client.ts";
import { pingDatabase } from "./db/ping.ts";
import type { Config } from "./env.ts";
import { createAccountsRepo } from "./features/accounts/accounts.repo.ts";
import { createAccountsService, type AccountsService } from "./features/accounts/accounts.service.ts";
import { createInstanceSettingsRepo } from "./features/accounts/instance-settings.repo.ts";
import { createTotpGuard } from "./features/accounts/totp-guard.ts";
import { createTwoFactorsRepo } from "./features/accounts/two-factors.repo.ts";
import { createSignInFailuresRepo } from "./features/accounts/sign-in-failures.repo.ts";
import { createSignInGuard, type SignInGuard } from "./features/accounts/sign-in-guard.service.ts";
import type { FeedsRepo } from "./features/feeds/feeds.repo.ts";
import { createFeedsService, type FeedsService } from "./features/feeds/feeds.service.ts";
import type { TimelineRepo } from "./timeline/timeline.repo.ts";
import { createSubscriptionsRepo } from "./features/subscriptions/subscriptions.repo.ts";
import { createSubscriptionsService, type SubscriptionsService } from "./features/subscriptions/subscriptions.service.ts";
import { createListsRepo, type ListsRepo } from "./features/lists/lists.repo.ts";
import { createInboxesRepo, type InboxesRepo } from "./features/inboxes/inboxes.repo.ts";
import { discoverFeeds } from "./fetcher/discover/discover.ts";
import { createEntriesRepo } from "./features/entries/entries.repo.ts";
import { createEntriesService, type EntriesService } from "./features/entries/entries.service.ts";
import { createActionsRepo } from "./features/actions/actions.repo.ts";
import { type ActionsService, createActionsService } from "./features/actions/actions.service.ts";
import { createWebhookSender, type WebhookSender } from "./features/actions/webhook-sender.ts";
import { createAi, type Ai } from "./features/ai/ai.module.ts";
import { createIntegrations } from "./features/integrations/integrations.module.ts";
import type { IntegrationsService } from "./features/integrations/integrations.service.ts";
import { createReadsService, type ReadsService } from "./features/reads/reads.service.ts";
import { createCollectionsRepo } from "./features/collections/collections.repo.ts";
import { createCollectionsService, type CollectionsService } from "./features/collections/collections.service.ts";
import { presentFeed } from "./features/feeds/feed.presenter.ts";
import { presentInbox } from "./features/inboxes/inbox.presenter.ts";
import { retryOnConflict } from "./db/retry.ts";
import { searchIndexRepo } from "./features/search/search-index.repo.ts";
import { createSearchReindexer, type SearchReindexer } from "./features/search/search-reindex.ts";
import { normalizeFeedUrl } from "./content/feed-url.ts";
import { createInvitationsRepo } from "./features/invitations/invitations.repo.ts";
import { createInvitationsService, type InvitationsService } from "./features/invitations/invitations.service.ts";
import { createRefresher, type Refresher } from "./fetcher/refresher.ts";
import { createRsshub, type Rsshub } from "./features/rsshub/rsshub.module.ts";
import { createPower, type Power } from "./features/power/power.module.ts";
import { payInvitation, payListFee, rsshubPayments } from "./features/power/purchases.ts";
import type { IngestActions } from "./fetcher/refresh-feed.ts";
import { createPush, type Push } from "./features/messaging/push.ts";
import type { VapidKeys } from "./lib/push/vapid-keys.ts";
import type { FeedReaders } from "./fetcher/feed-readers.ts";
import type { Scheduler } from "./fetcher/scheduler.ts";
import { systemClock, type Clock } from "./lib/clock.ts";
import { createHourlyLimit, type HourlyLimit } from "./lib/rate-limit.ts";
import { answeringRefusals, assertReachable, createNetworkPolicy, type HttpClient, type NetworkPolicy } from "./lib/http/index.ts";
import type { Logger } from "./lib/logger.ts";
import { USER_AGENT } from "./lib/http/user-agent.ts";
import type { createMailer, Mailer } from "./lib/mail/mailer.ts";

export { USER_AGENT };

/** Everything the app needs, built once from the configuration. */
export interface Deps {
  config: Config;
  logger: Logger;
  /** The instance secret (signs sessions); derive other keys from it with an HMAC and a label. */
  secret: string;
  db: Database;
  driver: DatabaseHandle["driver"];
  pingDatabase: () => Promise<void>;
  ids: IdGenerator;
  clock: Clock;
  /**
   * The private-network policy (PRIVATE_NETWORKS_FOR): every address a reader hands the server
   * is checked by it and fetched through the client it picks for that reader.
   */
  network: NetworkPolicy;
  /** The client for what no reader vouches for: public addresses only (`network.publicHttp`). */
  http: HttpClient;
  auth: Auth;
  signInGuard: SignInGuard;
  /** Roles, the first admin and the run-time invitation gate. */
  accounts: AccountsService;
  invitations: InvitationsService;
  feedsRepo: FeedsRepo;
  feeds: FeedsService;
  timeline: TimelineRepo;
  subscriptions: SubscriptionsService;
  listsRepo: ListsRepo;
  entries: EntriesService;
  reads: ReadsService;
  collections: CollectionsService;
  inboxesRepo: InboxesRepo;
  /** The AI helpers: summaries, translations, daily reports, speech. */
  ai: Ai;
  /** "Save to …" integrations and the readers' synced (sealed) integration settings. */
  integrations: IntegrationsService;
  /** Readers' automation rules: run at ingestion and when entries are shown. */
  actions: ActionsService;
  /** Sends Actions' webhook deliveries in the background; started with the scheduler. */
  webhookSender: WebhookSender;
  /** Push notifications: readers' devices (`/messaging`) and the notifier ingestion calls. */
  push: Push;
  /** What ingestion (the refresher, inboxes) runs on new entries: readers' rules, then push notifications. */
  ingest: IngestActions;
  /** Writes the search documents of entries (in the caller's transaction). */
  indexEntries: typeof searchIndexRepo.indexEntries;
  /** Refreshes one feed now (`forUserId`: the reader about to follow it). */
  refreshFeed: Refresher["refresh"];
  /** The refresh loop; the composition root decides whether to start it. */
  scheduler: Scheduler;
  /** The threads reading fetched documents (started when needed): closed at shutdown. */
  feedReaders: FeedReaders;
  /** Rewrites search documents of an older version in the background; started with the scheduler. */
  searchReindexer: SearchReindexer;
  /** POWER: the ledger, wallets, tips, boosts, daily rewards and achievements. */
  power: Power;
  /** RSSHub: readers' instances, routing `rsshub://` fetches through them, the route catalogue. */
  rsshub: Rsshub;
  /** Messages per inbox and hour (INBOX_MAIL_PER_HOUR), one count for SMTP and POST /inboxes/email. */
  inboxMailLimit: HourlyLimit;
}

/**
 * Builds repositories, services and the auth layer over an open database. `authSecret` is the
 * resolved secret (configured, or generated and kept in the data directory).
 */
export function createDeps(input: {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  authSecret: string;
  /** The instance's VAPID keys; null: none in this process (it sends no push); absent: this process's own (tests). */
  vapidKeys?: VapidKeys | null;
  clock?: Clock;
}): Deps {
  const { config, logger, database, authSecret } = input;
  const clock = input.clock ?? systemClock;
  const db = database.db;
  const ids = createIdGenerator({ workerId: config.workerId ?? randomInt(1024) });
  const accountsRepo = createAccountsRepo(db);
  const network = createNetworkPolicy({
    userAgent: USER_AGENT,
    privateNetworksFor: config.network.privateNetworksFor,
    totalTimeoutMs: config.fetch.timeoutMs,
    maxBytes: config.fetch.maxBytes,
    sharedAddresses: config.network.sharedAddresses,
    isAdmin: (userId) => accountsRepo.isAdmin(userId),
  });
  const http = network.publicHttp;
  const accounts = createAccountsService({
    repo: accountsRepo,
    instanceSettings: createInstanceSettingsRepo(db),
    clock,
    logger,
    defaults: { invitationsRequired: config.auth.invitationsRequired },
  });
  const totpGuard = createTotpGuard({ repo: createTwoFactorsRepo(db), secret: authSecret, clock });
  const auth = createAuth({
    db,
    ids,
    logger: logger.child({ module: "auth" }),
    accounts,
    secret: authSecret,
    webUrl: config.server.webUrl,
    trustedOrigins: config.server.trustedOrigins,
    invitationsRequired: config.auth.invitationsRequired,
    mailer: lazyMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger }),
    accountsConfig: config.accounts,
    beforeDeleteUser: createAccountDeletionRepo(db).removeLeftovers,
  });
  // Actions run at ingestion (the refresher, inboxes) and when entries are shown (entries); their
  // AI results come from the AI helpers, made further down.
  let ai: Ai | null = null;
  const actionsRepo = createActionsRepo(db);
  const webhookSender = createWebhookSender({ repo: actionsRepo, network, clock, logger: logger.child({ module: "webhooks" }) });
  const push = createPush({ config, db, network, ids, clock, logger, vapid: input.vapidKeys });
  const actions = createActionsService({
    repo: actionsRepo,
    transaction: (work) => db.transaction(work),
    clock,
    logger: logger.child({ module: "actions" }),
    ids,
    limits: { maxActions: config.limits.actions, maxWebhooksPerAction: config.limits.webhooksPerAction },
    ai: {
      summarize: (userId, entryId, language) => ai!.ingestion.summarize(userId, entryId, language),
      translate: (userId, entryId, language, view) => ai!.ingestion.translate(userId, entryId, language, translationFields(view)),
    },
    wakeWebhooks: () => webhookSender.wake(),
    checkAddress: (user, url) => assertReachable(network, url, user),
    notify: (items) => push.notifier.notify(items),
  });
  // Readers' rules first (they block and silence), then push notifications of what is left: one
  // batch with the rules' own "notify" results, which the rules' follow-up hands over just before.
  const ingest: IngestActions = {
    async ingestThen(executor, entryIds, now) {
      const afterRules = await actions.ingestThen(executor, entryIds, now);
      return () => {
        afterRules?.();
        void push.notifier.newEntries(entryIds, now);
      };
    },
  };
  const checkTwoFactor = (userId: string, code: string | undefined) => totpGuard.check(userId, code);
  const power = createPower({ config, db, ids, clock, logger, secret: authSecret, checkTwoFactor });
  const rsshub = createRsshub({
    config,
    db,
    network,
    ids,
    clock,
    logger,
    secret: authSecret,
    ...(power.enabled ? { payments: rsshubPayments({ ledger: power.ledger, db, now: () => clock.now(), checkTwoFactor }) } : {}),
  });
  const { feedsRepo, timeline, refresh, scheduler, readers: feedReaders } = createRefresher({ config, logger, db, ids, clock, network, rsshub: rsshub.router, actions: ingest });
  const feeds = createFeedsService({
    repo: feedsRepo,
    clock,
    ids,
    refresh,
    wakeScheduler: () => scheduler.wake(),
    normalizeUrl: normalizeFeedUrl,
    checkAddress: async (url, forUserId) => assertReachable(network, url, forUserId ? await network.standing(forUserId) : null),
    discover: async (url, forUserId) => {
      const who = forUserId ? await network.standing(forUserId) : null;
      const fetchRoute = async (route: string) => (await rsshub.router.fetch(route, { feedId: null, forUserId })).response;
      return answeringRefusals(network, who, () => discoverFeeds({ http: network.clientFor(who), rsshub: fetchRoute }, url));
    },
  });
  const listsRepo = createListsRepo(db);
  const inboxesRepo = createInboxesRepo(db);
  const subscriptionsRepo = createSubscriptionsRepo(db);
  const ownInboxId = async (userId: string, handle: string) => {
    const inbox = await inboxesRepo.findByHandle(handle);
    return inbox && inbox.ownerUserId === userId ? inbox.id : null;
  };
  const entriesRepo = createEntriesRepo(db);
  const entries = createEntriesService({
    repo: entriesRepo,
    followed: async (userId, targetIds) => new Set((await subscriptionsRepo.findByTargets(userId, targetIds)).map((row) => row.targetId!)),
    feedsById: async (feedIds) => new Map((await feedsRepo.findByIds(feedIds)).map((feed) => [feed.id, presentFeed(feed)])),
    inboxesById: async (inboxIds) =>
      new Map((await inboxesRepo.findByIds(inboxIds)).map((inbox) => [inbox.id, presentInbox(inbox, config.inbox.emailSuffix)])),
    ownInboxId,
    listExists: async (listId) => (await listsRepo.findById(listId)) !== null,
    feedExists: async (feedId) => (await feedsRepo.findById(feedId)) !== null,
    // Readability and its DOM (linkedom, ~5 MB of heap) are loaded on the first article view.
    fetchReadability: async (entry, user) => {
      const { fetchReadability } = await import("./fetcher/fetch-readability.ts");
      return answeringRefusals(network, user, () => fetchReadability({ db, http: network.clientFor(user) }, entry));
    },
    decorate: (userId, items) => actions.decorate(userId, items),
  });
  const reads = createReadsService({
    timeline,
    clock,
    subscriptionsOf: (userId) => subscriptionsRepo.keysForUser(userId),
    ownInboxId,
    retry: retryOnConflict,
  });
  const collections = createCollectionsService({
    repo: createCollectionsRepo(db),
    clock,
    canSee: (userId, entryId) => entriesRepo.visibleTo(userId, entryId),
  });
  const subscriptions = createSubscriptionsService({
    transaction: (work) => db.transaction(work),
    afterBackfill: (tx, userId, now) => actions.afterBackfill(tx, userId, now),
    repo: subscriptionsRepo,
    timeline,
    ids,
    clock,
    limits: config.limits,
    emailSuffix: config.inbox.emailSuffix,
    resolveFeed: (url, userId) => feeds.resolveFeed(url, userId),
    findList: (listId) => listsRepo.findById(listId),
    recountFeed: (feedId) => feeds.recountSubscribers(feedId),
    // A list with a fee charges its subscriber once (a purchase to the owner), in the subscription's transaction.
    ...(power.enabled ? { payForList: (tx: Executor, userId: string, list: { id: string; ownerUserId: string; fee: number }, now: Date) => payListFee(power.ledger, tx, userId, list, now) } : {}),
  });
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
    http,
    auth,
    signInGuard: createSignInGuard({ repo: createSignInFailuresRepo(db), clock }),
    accounts,
    invitations: createInvitationsService({
      repo: createInvitationsRepo(db),
      clock,
      intervalDays: config.accounts.invitationIntervalDays,
      checkTwoFactor: (userId, code) => totpGuard.check(userId, code),
      ...(power.enabled && config.power.invitationPrice > 0 ? { pay: (tx: Executor, userId: string, now: Date) => payInvitation(power.ledger, tx, userId, config.power.invitationPrice, now) } : {}),
    }),
    feedsRepo,
    feeds,
    timeline,
    subscriptions,
    listsRepo,
    inboxesRepo,
    entries,
    reads,
    collections,
    ai: (ai = createAi({ config, db, clock, logger, network, secret: authSecret, entries, canSee: (userId, entryId) => entriesRepo.visibleTo(userId, entryId) })),
    integrations: createIntegrations({ config, db, network, clock, logger, secret: authSecret, entry: (user, entryId) => entries.get(user, entryId) }),
    actions,
    webhookSender,
    push,
    ingest,
    refreshFeed: refresh,
    scheduler,
    feedReaders,
    rsshub,
    power,
    searchReindexer: createSearchReindexer({ db, logger: logger.child({ module: "search" }) }),
    inboxMailLimit: createHourlyLimit({ perHour: config.inbox.mailPerHour, clock }),
    indexEntries: (tx, rows) => searchIndexRepo.indexEntries(tx, rows),
  };
}

/**
 * The mailer, loaded on the first message: nodemailer (~5 MB of heap) is not needed until an
 * instance sends mail, which many never do.
 */
function lazyMailer(options: Parameters<typeof createMailer>[0]): Mailer {
  let mailer: Promise<Mailer> | null = null;
  return {
    send(message) {
      mailer ??= import("./lib/mail/mailer.ts").then((module) => module.createMailer(options));
      return mailer.then(
        (loaded) => loaded.send(message),
        (error: unknown) => {
          mailer = null;
          throw error;
        },
      );
    },
  };
}

/** The fields an Action's translation covers, by view (reference facts §2.10). */
function translationFields(view: number): ("title" | "description" | "content")[] {
  if (view === 0) return ["title", "description"];
  if (view === 1) return ["content"];
  return ["title"];
}
