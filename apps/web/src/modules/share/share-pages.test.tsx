import { fireEvent, screen, within } from "@testing-library/react";
import type { FeedSubscription, ListSubscription, ListSummary } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { subscriptionsActions } from "../../store/subscriptions.store.ts";
import { harbourEntry, harbourFeed } from "./__fixtures__/harbour.ts";
import { FeedSharePage, ListSharePage, UserSharePage } from "./index.ts";
import { isNotFound } from "./share-api.ts";
import { viewParam } from "./feed-share-page.tsx";
import { ApiError } from "../../lib/api-client.ts";

const openFollowDialog = vi.hoisted(() => vi.fn());
vi.mock("../follow/index.ts", () => ({ openFollowDialog }));

const feed = harbourFeed;

const entry = harbourEntry({ media: [{ url: "https://harbour.example/1.jpg", type: "photo" }] });

const list: ListSummary = {
  type: "list",
  id: "1700000000000000001",
  title: "Sea news",
  description: "Tides, boats and the harbour.",
  image: null,
  view: 1,
  fee: 0,
  feedIds: [feed.id],
  ownerUserId: "owner-1",
  owner: { id: "owner-1", name: "Ann Owner", image: null, handle: "ann" },
  timelineUpdatedAt: null,
  feeds: [feed],
};

const feedSubscription: FeedSubscription = { userId: "me", view: 2, category: null, title: null, isPrivate: false, createdAt: "2026-01-01T00:00:00.000Z", feedId: feed.id, feeds: feed };
const listSubscription: ListSubscription = { userId: "owner-1", view: 1, category: null, title: null, isPrivate: false, createdAt: "2026-01-01T00:00:00.000Z", listId: list.id, lastViewedAt: null, lists: list };

let answers: Record<string, () => Response>;

beforeEach(() => {
  subscriptionsActions.replace([]);
  openFollowDialog.mockClear();
  answers = {
    "/api/feeds": () => Response.json({ code: 0, data: { feed, analytics: { updatesPerWeek: 3, subscriptionCount: 12, latestEntryPublishedAt: null }, entries: [entry], readCount: 0, subscriptionCount: 12 } }),
    "/api/lists": () => Response.json({ code: 0, data: { list, entries: [{ entries: entry, feeds: feed, read: null }], readCount: 0, subscriptionCount: 5, feedCount: 1 } }),
    "/api/profiles": () => Response.json({ code: 0, data: { id: "owner-1", name: "Ann Owner", image: null, handle: "ann" } }),
    "/api/better-auth/get-session": () => Response.json({ user: { id: "me", name: "Me", email: "me@example.com" }, session: { id: "s" }, role: "user", invitation: null }),
    "/api/subscriptions": () => Response.json({ code: 0, data: [{ ...feedSubscription, userId: "owner-1", view: 0 }, listSubscription] }),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://localhost").pathname;
      return answers[path]?.() ?? Response.json({ code: 0, data: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: "/share/feeds/:id", element: <FeedSharePage /> },
  { path: "/share/lists/:id", element: <ListSharePage /> },
  { path: "/share/users/:id", element: <UserSharePage /> },
];

describe("FeedSharePage", () => {
  it("shows the feed, its numbers and entries, and Follow opens the follow dialog in the view of the link", async () => {
    renderRoutes(routes, `/share/feeds/${feed.id}?view=2`);
    expect((await screen.findByTestId("share-title")).textContent).toBe("Harbour Notes");
    expect(screen.getByText("Ships and tides")).toBeTruthy();
    expect(screen.getByText("12")).toBeTruthy();
    expect(screen.getByText("updates per week")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ship arrival" }).getAttribute("href")).toBe(`/share/entries/${entry.id}`);
    expect(document.querySelector("img[src='https://harbour.example/1.jpg']")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Follow Harbour Notes" }));
    expect(openFollowDialog).toHaveBeenCalledWith({ view: 2, url: feed.url });
  });

  it("once followed shows Following and Open, and entries open in the timeline", async () => {
    subscriptionsActions.replace([feedSubscription]);
    renderRoutes(routes, `/share/feeds/${feed.id}`);
    await screen.findByText("Following");
    expect(screen.getByRole("link", { name: "Open Harbour Notes" }).getAttribute("href")).toBe(`/timeline/view-2/${feed.id}`);
    expect(screen.getByRole("link", { name: "Ship arrival" }).getAttribute("href")).toBe(`/timeline/view-2/${feed.id}/${entry.id}`);
  });

  it("says so when there is no such feed", async () => {
    answers["/api/feeds"] = () => Response.json({ code: 2001, message: "Feed not found" }, { status: 404 });
    renderRoutes(routes, "/share/feeds/1800000000000000009");
    expect((await screen.findByRole("alert")).textContent).toContain("There is no such feed");
  });
});

describe("ListSharePage", () => {
  it("shows the list, its owner, fee and feeds, and Follow opens the follow dialog for the list", async () => {
    renderRoutes(routes, `/share/lists/${list.id}`);
    expect((await screen.findByTestId("share-title")).textContent).toBe("Sea news");
    expect(screen.getByRole("link", { name: /List by Ann Owner/ }).getAttribute("href")).toBe("/share/users/owner-1");
    expect(screen.getByText("Free")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Feeds in this list" }).textContent).toContain("Harbour Notes");
    expect(screen.getByText("Ship arrival")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Follow Sea news" }));
    expect(openFollowDialog).toHaveBeenCalledWith({ view: 1, listId: list.id });
  });

  it("shows a failure with its code's message and Retry", async () => {
    answers["/api/lists"] = () => Response.json({ code: 1000, message: "boom" }, { status: 500 });
    renderRoutes(routes, `/share/lists/${list.id}`);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("This page could not be loaded");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});

describe("UserSharePage", () => {
  it("shows the person and their public feeds and lists, each with Follow", async () => {
    renderRoutes(routes, "/share/users/owner-1");
    expect((await screen.findByTestId("share-title")).textContent).toBe("Ann Owner");
    expect(screen.getByText("@ann")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Public feeds" }).textContent).toContain("Harbour Notes");
    expect(screen.getByRole("list", { name: "Public lists" }).textContent).toContain("Sea news");
    fireEvent.click(screen.getByRole("button", { name: "Follow Sea news" }));
    expect(openFollowDialog).toHaveBeenCalledWith({ view: 1, listId: list.id });
  });

  it("finds the person by handle when the link says @handle", async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const parsed = new URL(url, "http://localhost");
        asked.push(parsed.pathname + parsed.search);
        return answers[parsed.pathname]!();
      }),
    );
    renderRoutes(routes, "/share/users/@ann");
    expect((await screen.findByTestId("share-title")).textContent).toBe("Ann Owner");
    expect(asked.filter((path) => !path.startsWith("/api/better-auth/"))).toEqual(["/api/profiles?handle=ann", "/api/subscriptions?userId=owner-1"]);
  });

  it("shows a signed-out visitor the profile with bio, website and social links, and the public subscriptions", async () => {
    answers["/api/better-auth/get-session"] = () => Response.json(null);
    answers["/api/share/users/%40ann"] = () =>
      Response.json({
        code: 0,
        data: {
          user: { id: "owner-1", name: "Ann Owner", image: null, handle: "ann", bio: "Sails and reads", website: "https://ann.example", socialLinks: { github: "ann", twitter: "https://x.com/ann" } },
          subscriptions: [{ ...feedSubscription, userId: "owner-1", view: 0 }, listSubscription],
        },
      });
    const asked: string[] = [];
    const fetchAnswers = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      asked.push(new URL(String(url), "http://localhost").pathname);
      return fetchAnswers(url, init);
    });
    renderRoutes([...routes, { path: "/u/:handle", element: <UserSharePage /> }], "/u/ann");
    expect((await screen.findByTestId("share-title")).textContent).toBe("Ann Owner");
    expect(screen.getByTestId("profile-bio").textContent).toBe("Sails and reads");
    expect(screen.getByRole("link", { name: /ann\.example/ }).getAttribute("href")).toBe("https://ann.example");
    const social = screen.getByRole("list", { name: "Social links" });
    expect(within(social).getByRole("link", { name: "GitHub" }).getAttribute("href")).toBe("https://github.com/ann");
    expect(within(social).getByRole("link", { name: "X (Twitter)" }).getAttribute("href")).toBe("https://x.com/ann");
    expect(screen.getByRole("list", { name: "Public feeds" }).textContent).toContain("Harbour Notes");
    // Follow sends a visitor to sign in, and back here after.
    expect(within(screen.getByRole("list", { name: "Public lists" })).getByRole("link", { name: "Follow Sea news" }).getAttribute("href")).toBe("/login?redirect=%2Fu%2Fann");
    expect(asked.filter((path) => path.startsWith("/api/") && !path.startsWith("/api/better-auth/"))).toEqual(["/api/share/users/%40ann"]);
  });
});

describe("helpers", () => {
  it("reads the view of a share link", () => {
    expect(viewParam("3")).toBe(3);
    expect(viewParam("9")).toBe(0);
    expect(viewParam(null)).toBe(0);
  });

  it("knows a missing feed, list or user", () => {
    expect(isNotFound(new ApiError({ method: "GET", url: "/api/lists", status: 400, body: { code: 8000, message: "" } }))).toBe(true);
    expect(isNotFound(new ApiError({ method: "GET", url: "/api/lists", status: 500, body: { code: 1000, message: "" } }))).toBe(false);
  });
});
