import type { AccountStatusConfigs, ImageStatusConfigs, StatusConfigs } from "@tidings/contracts";
import type { Config } from "./env.ts";

/** What `GET /status/configs` tells the web client, but the run-time INVITATIONS_REQUIRED. */
export type ClientConfig = Omit<StatusConfigs, "INVITATIONS_REQUIRED"> & AccountStatusConfigs & ImageStatusConfigs;

/**
 * The limits in force on this instance as the client reads them, and the telemetry endpoints,
 * gathered from every feature's settings (hence here, beside the composition). Analytics keys and
 * DSNs are public client keys by design: every browser that sends usage data or error reports has
 * to know them.
 */
export function clientConfig(config: Config): ClientConfig {
  return {
    MAX_SUBSCRIPTIONS: config.limits.subscriptions,
    MAX_LISTS: config.limits.lists,
    MAX_INBOXES: config.limits.inboxes,
    MAX_ACTIONS: config.limits.actions,
    MAX_WEBHOOKS_PER_ACTION: config.limits.webhooksPerAction,
    MAX_TRIAL_USER_FEED_SUBSCRIPTION: config.limits.trialFeedSubscriptions,
    MAX_TRIAL_USER_LIST_SUBSCRIPTION: config.limits.trialListSubscriptions,
    MAX_TRIAL_USER_INBOX_SUBSCRIPTION: config.limits.trialInboxes,
    INBOX_EMAIL_SUFFIX: config.inbox.emailSuffix,
    ANALYTICS_HOST: config.telemetry.analytics?.host ?? null,
    ANALYTICS_KEY: config.telemetry.analytics?.key ?? null,
    ERROR_REPORTING_DSN: config.telemetry.errorReportingDsn,
    POWER: config.power.enabled,
    INVITATION_PRICE: config.power.enabled ? config.power.invitationPrice : 0,
    POWER_BOOST_MONTHLY_COST: config.power.boostMonthlyCost,
    POWER_DAILY_SUPPLY: config.power.dailySupply,
    PRIVATE_NETWORKS_FOR: config.network.privateNetworksFor,
    AVATAR_MAX_BYTES: config.accounts.avatarMaxBytes,
    INVITATION_INTERVAL_DAYS: config.accounts.invitationIntervalDays,
    IMAGE_PROXY: config.images.proxy,
    AVATAR_SERVICES: [...config.images.avatarServices],
  };
}
