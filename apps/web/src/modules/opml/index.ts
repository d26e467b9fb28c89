// OPML (spec §1): import subscriptions from a file and export them to one.
export { countFeedOutlines, downloadOpml, exportUrl, type ImportResult, importOpml } from "./opml-api.ts";
export { OpmlImport } from "./opml-import.tsx";
export { OpmlSettings } from "./opml-settings.tsx";
