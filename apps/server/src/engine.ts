// The feed engine's stages, as tools and benchmarks call them one by one (`engine.*` of the
// public API): decode, parse, sanitise, read a whole document, turn HTML into text.
export { decodeDocument } from "./content/decode/decode.ts";
export { htmlToText } from "./content/html-text.ts";
export { parseFeedDocument } from "./content/parse/parse-feed.ts";
export { sanitizeHtml } from "./content/sanitize/sanitize.ts";
export { readFeed } from "./fetcher/index.ts";
