import type { Entry, TimelineItem } from "@tidings/contracts";

let next = 1_800_000_000_000_000;

/** A timeline item as the server sends it, with sensible defaults. */
export function timelineItem(overrides: { entry?: Partial<Entry>; feedId?: string; read?: boolean | null; starredAt?: string } = {}): TimelineItem {
  const id = String(next++);
  const feedId = overrides.feedId ?? "1700000000000000001";
  return {
    entries: {
      id,
      title: `Entry ${id}`,
      url: `https://example.com/${id}`,
      description: "A description",
      guid: `guid-${id}`,
      author: null,
      authorUrl: null,
      authorAvatar: null,
      insertedAt: "2026-11-20T10:00:00.000Z",
      publishedAt: "2026-11-20T10:00:00.000Z",
      media: null,
      categories: null,
      attachments: null,
      extra: null,
      language: null,
      feedId,
      ...overrides.entry,
    },
    feeds: { type: "feed", id: feedId, url: "https://example.com/feed.xml", title: "Example", description: null, image: null, siteUrl: "https://example.com", errorMessage: null, errorAt: null, ownerUserId: null },
    read: overrides.read === undefined ? false : overrides.read,
    ...(overrides.starredAt ? { collections: { createdAt: overrides.starredAt } } : {}),
  };
}
