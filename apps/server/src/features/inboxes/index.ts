// Inboxes: what the composition root and other features use.
export { type InboxesConfig, inboxesConfig, inboxesEnv } from "./inboxes.config.ts";
export { createInboxesModule, type InboxesModule, type InboxesPorts } from "./inboxes.module.ts";
export { type InboxRow, presentInbox } from "./inbox.presenter.ts";
