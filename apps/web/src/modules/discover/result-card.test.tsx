import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { FeedSummary, ListSummary } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { subscriptionsActions, useSubscriptions } from "../../store/subscriptions.store.ts";
import type { DiscoverItem } from "./discover-api.ts";
import { ResultCard } from "./result-card.tsx";

const openFollowDialog = vi.hoisted(() => vi.fn());
vi.mock("../follow/index.ts", async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), openFollowDialog }));

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
let power = true;
const requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  db = new TidingsDatabase(`discover-${Math.random()}`);
  setDatabaseForTests(db);
  subscriptionsActions.replace([]);
  requests.length = 0;
  power = true;
  openFollowDialog.mockClear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, "http://localhost").pathname;
      const method = init.method ?? "GET";
      requests.push({ method, path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "POST" && path === "/api/subscriptions") return answer();
      if (path === "/api/status/configs") return Response.json({ code: 0, data: power ? { POWER: true } : {} });
      if (path === "/api/better-auth/get-session") return Response.json({ user: { id: "me" }, session: { id: "s", userId: "me", expiresAt: "2099-01-01T00:00:00Z", token: "" }, role: "user", invitation: null });
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

  describe("a list", () => {
    const list: ListSummary = {
      type: "list",
      id: "1800000000000000501",
      title: "Paid harbours",
      description: null,
      image: null,
      view: 1,
      fee: 5,
      feedIds: ["1", "2"],
      ownerUserId: "owner-1",
      owner: { id: "owner-1", name: "Ada", handle: "ada", image: null },
      timelineUpdatedAt: null,
    };
    const renderList = (over: Partial<ListSummary> = {}) => {
      const shown = { ...list, ...over };
      const view = renderPage(<ResultCard item={{ list: shown, isSubscribed: false, subscriptionCount: 3, entries: [] }} target={{ list: shown }} />);
      registerQueryClient(view.queryClient);
      return view;
    };

    it("shows a paid list's fee, and opens the follow form (which says what it costs) instead of paying at one click", async () => {
      renderList();
      expect((await screen.findByTestId("list-fee-badge")).textContent).toBe("5 POWER");
      expect(screen.getByRole("heading", { name: "Paid harbours" })).toBeTruthy();
      await waitFor(() => expect(requests.some((request) => request.path === "/api/better-auth/get-session")).toBe(true));
      fireEvent.click(screen.getByRole("button", { name: "Follow" }));
      expect(openFollowDialog).toHaveBeenCalledWith({ view: 1, listId: list.id });
      expect(requests.some((request) => request.method === "POST")).toBe(false);
      expect(screen.getByTestId("subscriber-count").textContent).toBe("3 followers");
    });

    it("follows a free list, or the reader's own paid one, at once", async () => {
      answer = () => Response.json({ code: 0, data: null });
      const { unmount } = renderList({ fee: 0 });
      await waitFor(() => expect(requests.some((request) => request.path === "/api/status/configs")).toBe(true));
      expect(screen.queryByTestId("list-fee-badge")).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Follow" }));
      await waitFor(() => expect(requests.some((request) => request.method === "POST")).toBe(true));
      unmount();

      requests.length = 0;
      renderList({ ownerUserId: "me" });
      expect((await screen.findByTestId("list-fee-badge")).textContent).toBe("5 POWER");
      await waitFor(() => expect(requests.some((request) => request.path === "/api/better-auth/get-session")).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 10));
      fireEvent.click(screen.getByRole("button", { name: "Follow" }));
      await waitFor(() => expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({ listId: list.id, view: 1 }));
      expect(openFollowDialog).not.toHaveBeenCalled();
    });

    it("shows no fee with POWER off (nothing is charged then)", async () => {
      power = false;
      renderList();
      await waitFor(() => expect(requests.some((request) => request.path === "/api/status/configs")).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(screen.queryByTestId("list-fee-badge")).toBeNull();
    });
  });
});
