import type { Entry, FeedSummary } from "@tidings/contracts";

/** The feed the share pages' tests show. */
export const harbourFeed: FeedSummary = {
  type: "feed",
  id: "1800000000000000001",
  url: "https://harbour.example/feed.xml",
  title: "Harbour Notes",
  description: "Ships and tides",
  image: null,
  siteUrl: "https://harbour.example",
  errorMessage: null,
  errorAt: null,
  ownerUserId: null,
};

/** An entry of that feed; `fields` fill in or replace what a test looks at. */
export function harbourEntry(fields: Partial<Entry> = {}): Entry {
  return {
    id: "1900000000000000001",
    title: "Ship arrival",
    url: "https://harbour.example/1",
    description: null,
    guid: "1",
    author: null,
    authorUrl: null,
    authorAvatar: null,
    insertedAt: "2026-01-01T00:00:00.000Z",
    publishedAt: "2026-01-01T00:00:00.000Z",
    media: null,
    categories: null,
    attachments: null,
    extra: null,
    language: null,
    feedId: harbourFeed.id,
    ...fields,
  };
}
