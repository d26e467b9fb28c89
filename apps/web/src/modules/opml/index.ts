// OPML (spec §1): import subscriptions from a file and export them to one.
export { OpmlImport } from "./opml-import.tsx";
export { OpmlSettings } from "./opml-settings.tsx";
