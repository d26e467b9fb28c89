import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { FeedSummary } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { subscriptionsActions, useSubscriptions } from "../../store/subscriptions.store.ts";
import type { DiscoverItem } from "./discover-api.ts";
import { ResultCard } from "./result-card.tsx";

const feed: FeedSummary = {
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

const item: DiscoverItem = {
  feed,
  isSubscribed: false,
  subscriptionCount: 4,
  entries: [
    {
      id: "e1",
      title: "Ship arrival",
      url: "https://harbour.example/1",
      description: null,
      guid: "1",
      author: null,
      authorUrl: null,
      authorAvatar: null,
      insertedAt: "2026-01-01T00:00:00.000Z",
      publishedAt: "2026-01-01T00:00:00.000Z",
      media: [{ url: "https://harbour.example/1.jpg", type: "photo" }],
      categories: null,
      attachments: null,
      extra: null,
      language: null,
      feedId: feed.id,
    },
  ],
};

let db: TidingsDatabase;
let answer: () => Response;
const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  db = new TidingsDatabase(`discover-${Math.random()}`);
  setDatabaseForTests(db);
  subscriptionsActions.replace([]);
  requests.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, "http://localhost").pathname;
      const method = init.method ?? "GET";
      requests.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "POST" && path === "/api/subscriptions") return answer();
      if (path === "/api/subscriptions") return Response.json({ code: 0, data: Object.values(useSubscriptions.getState().byKey) });
      return Response.json({ code: 0, data: path.startsWith("/api/reads") ? {} : [] });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

function renderCard() {
  const view = renderPage(<ResultCard item={item} target={{ feed, view: 2 }} />);
  registerQueryClient(view.queryClient);
  return view;
}

describe("ResultCard", () => {
  it("shows the feed, its preview entries with thumbnails and its followers", () => {
    renderCard();
    expect(screen.getByRole("heading", { name: "Harbour Notes" })).toBeTruthy();
    expect(screen.getByText("harbour.example")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ship arrival" }).getAttribute("href")).toBe("https://harbour.example/1");
    expect(document.querySelector("img[src='https://harbour.example/1.jpg']")).toBeTruthy();
    expect(screen.getByTestId("subscriber-count").textContent).toBe("4 followers");
  });

  it("follows into the chosen view at once, the count one higher, and the store knows the feed", async () => {
    answer = () => Response.json({ code: 0, data: { userId: "u1", view: 2, category: null, title: null, isPrivate: false, createdAt: "2026-01-01T00:00:00.000Z", feedId: feed.id, feeds: feed } });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    expect(screen.getByRole("button", { name: "Followed" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("subscriber-count").textContent).toBe("5 followers");
    await waitFor(() => expect(useSubscriptions.getState().byKey[feed.id]).toBeTruthy());
    expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({ url: feed.url, view: 2 });
    await waitFor(() => expect((screen.getByRole("button", { name: "Followed" }) as HTMLButtonElement).disabled).toBe(false));
  });

  it("goes back to Follow, count and all, when the server refuses", async () => {
    answer = () => Response.json({ code: 1101, message: "Trial limit" }, { status: 400 });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    expect(screen.getByRole("button", { name: "Followed" })).toBeTruthy();
    await screen.findByRole("button", { name: "Follow" });
    expect(screen.getByTestId("subscriber-count").textContent).toBe("4 followers");
    expect(useSubscriptions.getState().byKey[feed.id]).toBeUndefined();
  });
});
