import type { FeedSubscription, FeedView, InboxSubscription, ListSubscription } from "@tidings/contracts";

let next = 1_700_000_000_000_100;

/** A feed subscription as GET /subscriptions answers it (tests only). */
export function feedSubscription(overrides: { title?: string; feedTitle?: string; category?: string | null; view?: FeedView; site?: string | null; id?: string; isPrivate?: boolean; errorMessage?: string; ownerUserId?: string } = {}): FeedSubscription {
  const feedId = overrides.id ?? String(next++);
  const site = overrides.site === undefined ? `https://site-${feedId}.example` : overrides.site;
  return {
    userId: "u1",
    view: overrides.view ?? 0,
    category: overrides.category ?? null,
    title: overrides.title ?? null,
    isPrivate: overrides.isPrivate ?? false,
    createdAt: "2026-01-01T00:00:00.000Z",
    feedId,
    feeds: {
      type: "feed",
      id: feedId,
      url: `${site ?? "https://feeds.example"}/feed-${feedId}.xml`,
      title: overrides.feedTitle ?? `Feed ${feedId}`,
      description: null,
      image: null,
      siteUrl: site,
      errorMessage: overrides.errorMessage ?? null,
      errorAt: null,
      ownerUserId: overrides.ownerUserId ?? null,
    },
  };
}

export function listSubscription(overrides: { title?: string; view?: FeedView; id?: string } = {}): ListSubscription {
  const listId = overrides.id ?? String(next++);
  return {
    userId: "u1",
    view: overrides.view ?? 0,
    category: null,
    title: null,
    isPrivate: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    listId,
    lastViewedAt: null,
    lists: { type: "list", id: listId, title: overrides.title ?? `List ${listId}`, description: null, image: null, view: overrides.view ?? 0, fee: 0, feedIds: [], ownerUserId: "u2", timelineUpdatedAt: null },
  };
}

export function inboxSubscription(overrides: { title?: string; view?: FeedView; handle?: string } = {}): InboxSubscription {
  const handle = overrides.handle ?? `box${next++}`;
  return {
    userId: "u1",
    view: overrides.view ?? 0,
    category: null,
    title: null,
    isPrivate: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    inboxId: handle,
    inboxes: { type: "inbox", id: handle, title: overrides.title ?? handle, description: null, image: null, secret: "s", ownerUserId: "u1", email: `${handle}@inbox.example` },
  };
}
