// Share pages (facts §7 URL scheme): /share/feeds/:id?view=, /share/lists/:id and /share/users/:id,
// the public pages of a feed, a list and a person, each with Follow, and /share/entries/:id, an
// entry of a feed. The share dialog is in boot.ts (entry actions open it without the pages).
export { EntrySharePage } from "./entry-share-page.tsx";
export { FeedSharePage } from "./feed-share-page.tsx";
export { ListSharePage } from "./list-share-page.tsx";
export { UserSharePage } from "./user-share-page.tsx";
