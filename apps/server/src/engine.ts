// The feed engine's stages, as tools and benchmarks call them one by one (`engine.*` of the
// public API): decode, parse, sanitise, read a whole document, turn HTML into text.
export { decodeDocument } from "./content/decode/decode.ts";
export { htmlToText } from "./content/html-text.ts";
export { parseFeedDocument } from "./content/parse/parse-feed.ts";
export { sanitizeHtml } from "./content/sanitize/sanitize.ts";
export { readFeed } from "./fetcher/index.ts";
// Parsing in its two halves, read (the XML tree or JSON) then normalise (the product's model).
export { normalizeFeedDocument, readFeedDocument } from "./content/parse/parse-feed.ts";
// The entry stages of readFeed: settle dates and hashes, then sanitise and take the text.
export { finalizeEntry, prepareEntries } from "./fetcher/index.ts";
// The sanitiser and the text of its result in one pass (the refresh no longer asks for the text:
// search documents are made after it, from what is stored).
export { sanitizeHtmlWithText } from "./content/sanitize/sanitize.ts";
// The local summariser: an article's most central sentences, the summary without an AI provider.
export { extractiveSummary } from "./features/ai/index.ts";
