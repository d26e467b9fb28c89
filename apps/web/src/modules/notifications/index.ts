export { startNewEntryNotifier } from "./new-entry-notifier.ts";
export { startPushLink } from "./push-link.ts";
