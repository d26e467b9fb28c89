// Lists (spec §1): the reader's own curated lists of feeds — create, edit, delete, their feeds.
export { listsSettingsTab } from "./settings-tab.ts";
