// Subscriptions: what the composition root and other features use.
export { type LimitsConfig, limitsConfig, limitsEnv } from "./limits.config.ts";
export { createSubscriptionsModule, type SubscriptionsModule, type SubscriptionsPorts } from "./subscriptions.module.ts";
export type { SubscriptionsService } from "./subscriptions.service.ts";
