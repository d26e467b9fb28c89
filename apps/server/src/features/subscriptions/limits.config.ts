import { type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const limitsEnv = {
  MAX_SUBSCRIPTIONS: integer("MAX_SUBSCRIPTIONS", 5000, 1, 1_000_000),
  MAX_LISTS: integer("MAX_LISTS", 100, 0, 100_000),
  MAX_INBOXES: integer("MAX_INBOXES", 10, 0, 10_000),
  MAX_ACTIONS: integer("MAX_ACTIONS", 100, 0, 10_000),
  MAX_WEBHOOKS_PER_ACTION: integer("MAX_WEBHOOKS_PER_ACTION", 5, 0, 100),
  TRIAL_MAX_FEED_SUBSCRIPTIONS: integer("TRIAL_MAX_FEED_SUBSCRIPTIONS", 100, 0, 1_000_000),
  TRIAL_MAX_LIST_SUBSCRIPTIONS: integer("TRIAL_MAX_LIST_SUBSCRIPTIONS", 5, 0, 100_000),
  TRIAL_MAX_INBOXES: integer("TRIAL_MAX_INBOXES", 1, 0, 10_000),
} satisfies EnvShape;

/** What one account may have (spec §6: trial accounts are limited further, codes 1100-1102). */
export interface LimitsConfig {
  readonly subscriptions: number;
  readonly lists: number;
  readonly inboxes: number;
  /** Rules one reader may have (12000 beyond), and webhooks one rule may call. */
  readonly actions: number;
  readonly webhooksPerAction: number;
  readonly trialFeedSubscriptions: number;
  readonly trialListSubscriptions: number;
  readonly trialInboxes: number;
}

export function limitsConfig(e: EnvOf<typeof limitsEnv>): LimitsConfig {
  return Object.freeze({
    subscriptions: e.MAX_SUBSCRIPTIONS,
    lists: e.MAX_LISTS,
    inboxes: e.MAX_INBOXES,
    actions: e.MAX_ACTIONS,
    webhooksPerAction: e.MAX_WEBHOOKS_PER_ACTION,
    trialFeedSubscriptions: e.TRIAL_MAX_FEED_SUBSCRIPTIONS,
    trialListSubscriptions: e.TRIAL_MAX_LIST_SUBSCRIPTIONS,
    trialInboxes: e.TRIAL_MAX_INBOXES,
  });
}
