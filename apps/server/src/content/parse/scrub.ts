import type { ParsedEntry, ParsedFeed } from "./model.ts";

/** Characters XML 1.0 forbids; real feeds contain them and every lenient reader drops them. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function scrub(text: string | null): string | null {
  if (!text || !FORBIDDEN.test(text)) return text;
  // A field of nothing but forbidden characters is no field.
  return text.replace(FORBIDDEN_ALL, "") || null;
}

function scrubEntry(entry: ParsedEntry): void {
  entry.guid = scrub(entry.guid) ?? entry.guid;
  entry.title = scrub(entry.title);
  entry.description = scrub(entry.description);
  entry.author = scrub(entry.author);
  entry.language = scrub(entry.language);
  if (entry.categories.some((category) => FORBIDDEN.test(category))) {
    entry.categories = entry.categories.flatMap((category) => scrub(category) ?? []);
  }
  // Content goes through the sanitiser, an HTML parser that keeps control characters as text
  // (harmless in HTML); only NUL, which the database refuses, is taken out here. Scanning
  // megabytes of articles for the rest would cost a fifth of the time of tokenising them.
  if (entry.content?.includes("\u0000")) entry.content = entry.content.replaceAll("\u0000", "");
}

/**
 * The feed with the characters XML forbids taken out of its text (URLs need nothing: URL
 * parsing percent-encodes them). Checking the short fields of the model is much cheaper than
 * checking the whole document before parsing it.
 */
export function withoutForbiddenCharacters(feed: ParsedFeed): ParsedFeed {
  feed.title = scrub(feed.title);
  feed.description = scrub(feed.description);
  feed.language = scrub(feed.language);
  feed.generator = scrub(feed.generator);
  for (const entry of feed.entries) scrubEntry(entry);
  return feed;
}
