// Discover (spec §2 /discover, /discover/category/:category, /rsshub; facts §4): search for feeds
// and lists, follow by address, trending on this instance, and the RSSHub route catalogue.
export { DiscoverHome } from "./discover-home.tsx";
export { DiscoverCategory, RsshubIndex } from "./rsshub-pages.tsx";
