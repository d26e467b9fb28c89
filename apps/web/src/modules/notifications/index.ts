export { startNewEntryNotifier } from "./new-entry-notifier.ts";
