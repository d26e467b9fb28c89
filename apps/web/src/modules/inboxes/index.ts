// Inboxes (spec §1): addresses that collect entries by e-mail or webhook — create, rename, delete.
export { openInboxForm } from "./inbox-form.tsx";
export { InboxesSettings } from "./inboxes-settings.tsx";
export { CopyField } from "./copy-field.tsx";
export { HANDLE_PATTERN, inboxesQuery, normaliseHandle, webhookUrl } from "./inboxes-api.ts";
