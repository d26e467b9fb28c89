// Push notifications: what the composition root and other features use.
export { createMessagingModule, type MessagingModule, type MessagingPorts } from "./messaging.module.ts";
export { type PushConfig, pushConfig, pushEnv } from "./push.config.ts";
export type { PushNotifier } from "./push-notifier.ts";
