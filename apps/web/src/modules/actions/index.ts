// Actions (spec §1, §2 `/action`, §3): the reader's automation rules — edit, preview, apply, and
// the webhook delivery log.
export { ActionsEditor } from "./actions-editor.tsx";
export { actionsSettingsTab } from "./settings-tab.ts";
