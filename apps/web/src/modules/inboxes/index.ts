// Inboxes (spec §1): addresses that collect entries by e-mail or webhook — create, rename, delete.
export { openInboxForm } from "./inbox-form.tsx";
export { inboxesSettingsTab } from "./settings-tab.ts";
export { CopyField } from "./copy-field.tsx";
