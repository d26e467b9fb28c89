import type { FeedView } from "../views.ts";

/**
 * The shapes the product API answers with (facts §2), shared by server and client. Ids are
 * decimal strings, times ISO 8601 strings.
 */

/** A user as anyone may see them: never an e-mail address. */
export interface PublicUser {
  id: string;
  name: string | null;
  image: string | null;
  handle: string | null;
  bio?: string | null;
  website?: string | null;
  socialLinks?: Record<string, string> | null;
  createdAt?: string;
}

export interface FeedSummary {
  type: "feed";
  id: string;
  url: string;
  title: string | null;
  description: string | null;
  image: string | null;
  siteUrl: string | null;
  errorMessage: string | null;
  errorAt: string | null;
  ownerUserId: string | null;
  language?: string | null;
  /**
   * `rsshub://` feeds only, when the last fetch could not go through the instance its readers
   * chose and used the server's default instead: why (e.g. "My RSSHub is unavailable: …").
   */
  rsshubFallback?: string | null;
  /** Running POWER boosts (on feed pages and in Discover's ranking): level 0–4 and how many. */
  boost?: { level: number; boostCount: number };
}

export interface FeedAnalytics {
  updatesPerWeek: number | null;
  subscriptionCount: number;
  latestEntryPublishedAt: string | null;
}

export interface ListSummary {
  type: "list";
  id: string;
  title: string;
  description: string | null;
  image: string | null;
  view: FeedView;
  fee: number;
  feedIds: string[];
  ownerUserId: string;
  owner?: PublicUser | null;
  timelineUpdatedAt: string | null;
  subscriptionCount?: number;
  purchaseAmount?: string;
  feeds?: FeedSummary[];
}

export interface InboxSummary {
  type: "inbox";
  /** The handle. */
  id: string;
  title: string | null;
  description: string | null;
  image: string | null;
  /** The webhook secret; only its owner ever sees an inbox. */
  secret: string;
  ownerUserId: string;
  /** handle + the instance's inbox e-mail suffix. */
  email: string;
}

export interface EntryMedia {
  url: string;
  type: "photo" | "video";
  preview_image_url?: string;
  width?: number;
  height?: number;
  blurhash?: string;
}

export interface EntryAttachment {
  url: string;
  mime_type?: string;
  size_in_bytes?: number;
  duration_in_seconds?: number;
  title?: string;
}

/** An entry without its content (timeline pages); `content` is filled by GET /entries or the stream. */
export interface Entry {
  id: string;
  title: string | null;
  url: string | null;
  description: string | null;
  guid: string;
  author: string | null;
  authorUrl: string | null;
  authorAvatar: string | null;
  insertedAt: string;
  publishedAt: string;
  media: EntryMedia[] | null;
  categories: string[] | null;
  attachments: EntryAttachment[] | null;
  extra: { links?: { url: string; type: string; content_html?: string }[] } | null;
  language: string | null;
  /** The entry's feed; null for inbox entries. */
  feedId: string | null;
  /** The entry's inbox handle; only on inbox entries. */
  inboxHandle?: string;
  content?: string | null;
  readabilityContent?: string | null;
}

/** One timeline item (facts §2.2). */
export interface TimelineItem {
  entries: Entry;
  feeds: FeedSummary | InboxSummary;
  /** Null when the caller does not follow the entry's source. */
  read: boolean | null;
  collections?: { createdAt: string };
  settings?: Record<string, unknown>;
  /**
   * Where this item sits in its timeline (publication, list insertion or star time): pass it as
   * `publishedAfter`, with the entry id as `publishedAfterId`, to get the next page.
   */
  cursor?: string;
}

interface SubscriptionBase {
  userId: string;
  view: FeedView;
  category: string | null;
  title: string | null;
  isPrivate: boolean;
  createdAt: string;
}

export interface FeedSubscription extends SubscriptionBase {
  feedId: string;
  feeds: FeedSummary;
}

export interface ListSubscription extends SubscriptionBase {
  listId: string;
  lastViewedAt: string | null;
  lists: ListSummary;
}

export interface InboxSubscription extends SubscriptionBase {
  inboxId: string;
  inboxes: InboxSummary;
}

export type Subscription = FeedSubscription | ListSubscription | InboxSubscription;

/** Limits in force on this instance (GET /status/configs). */
export interface StatusConfigs {
  MAX_SUBSCRIPTIONS: number;
  MAX_LISTS: number;
  MAX_INBOXES: number;
  MAX_ACTIONS: number;
  MAX_WEBHOOKS_PER_ACTION: number;
  MAX_TRIAL_USER_FEED_SUBSCRIPTION: number;
  MAX_TRIAL_USER_LIST_SUBSCRIPTION: number;
  MAX_TRIAL_USER_INBOX_SUBSCRIPTION: number;
  INVITATIONS_REQUIRED: boolean;
  INBOX_EMAIL_SUFFIX: string;
  /** Usage data (PostHog-compatible) endpoint and public project key; null when off. */
  ANALYTICS_HOST: string | null;
  ANALYTICS_KEY: string | null;
  /** Public DSN of the error-reporting (Sentry-compatible) project; null when off. */
  ERROR_REPORTING_DSN: string | null;
  /** POWER (the instance-local currency) is on; absent from servers without it, read as off. */
  POWER?: boolean;
  /** What generating an invitation code costs, in whole POWER (0: free). */
  INVITATION_PRICE?: number;
  /** What boosting a feed for a month costs, in whole POWER. */
  POWER_BOOST_MONTHLY_COST?: number;
  /** POWER the instance hands out each day, shared among active readers. */
  POWER_DAILY_SUPPLY?: number;
  /** Whose addresses may be on the server's own networks (self-hosted services on a LAN); absent: "admins". */
  PRIVATE_NETWORKS_FOR?: "none" | "admins" | "everyone";
}


/** An OPML outline the server could not import, with why. */
export interface OpmlParsedErrorItem {
  url?: string;
  title?: string;
  reason: string;
}

/** The answer of POST /subscriptions/import: followed now, followed already, not importable. */
export interface OpmlImportResult {
  successfulItems: FeedSummary[];
  conflictItems: FeedSummary[];
  parsedErrorItems: OpmlParsedErrorItem[];
}
