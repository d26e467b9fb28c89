import type { Entry, FeedSummary } from "@tidings/contracts";
import { vi } from "vitest";
import type { FeedPreview } from "./follow-queries.ts";

/** A request the fake server saw (tests only). */
export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/**
 * Replaces fetch with a fake API (tests only): `routes` answers "METHOD /api/path" with a
 * Response; anything else is `{code: 0, data: []}` (`{}` for /api/reads).
 */
export function fakeServer(routes: Record<string, (request: SeenRequest) => Response>): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, "http://localhost");
      const request = { method: init.method ?? "GET", path: parsed.pathname, query: parsed.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
      seen.push(request);
      const route = routes[`${request.method} ${request.path}`];
      if (route) return route(request);
      return Response.json({ code: 0, data: request.path.startsWith("/api/reads") ? {} : [] });
    }),
  );
  return seen;
}

/** A feed as the API shows it (tests only). */
export function feedSummary(over: Partial<FeedSummary> = {}): FeedSummary {
  return {
    type: "feed",
    id: "1700000000000000001",
    url: "https://shots.example/feed",
    title: "Shots",
    description: null,
    image: null,
    siteUrl: "https://shots.example",
    errorMessage: null,
    errorAt: null,
    ownerUserId: null,
    ...over,
  };
}

/** An entry of a preview (tests only). */
export function previewEntry(id: string, over: Partial<Entry> = {}): Entry {
  return {
    id,
    title: `Entry ${id}`,
    url: `https://shots.example/${id}`,
    description: "A few words",
    guid: id,
    author: null,
    authorUrl: null,
    authorAvatar: null,
    insertedAt: "2026-01-01T00:00:00Z",
    publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    media: null,
    categories: null,
    attachments: null,
    extra: null,
    language: null,
    feedId: "1700000000000000001",
    ...over,
  };
}

/** GET /feeds answered for a feed (tests only). */
export function feedPreview(over: Partial<FeedPreview> = {}): FeedPreview {
  return {
    feed: feedSummary(),
    analytics: { updatesPerWeek: 3, subscriptionCount: 12, latestEntryPublishedAt: null },
    entries: [previewEntry("1"), previewEntry("2")],
    subscriptionCount: 12,
    ...over,
  };
}
