import type { StatusConfigs } from "@tidings/contracts";
import type { Config } from "../../env.ts";

/** GET /status/configs: the limits in force on this instance, as the client reads them. */
export function presentStatusConfigs(config: Pick<Config, "limits" | "auth" | "inbox">): StatusConfigs {
  return {
    MAX_SUBSCRIPTIONS: config.limits.subscriptions,
    MAX_LISTS: config.limits.lists,
    MAX_INBOXES: config.limits.inboxes,
    MAX_TRIAL_USER_FEED_SUBSCRIPTION: config.limits.trialFeedSubscriptions,
    MAX_TRIAL_USER_LIST_SUBSCRIPTION: config.limits.trialListSubscriptions,
    MAX_TRIAL_USER_INBOX_SUBSCRIPTION: config.limits.trialInboxes,
    INVITATIONS_REQUIRED: config.auth.invitationsRequired,
    INBOX_EMAIL_SUFFIX: config.inbox.emailSuffix,
  };
}
