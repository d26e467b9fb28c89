import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { subscriptionsActions } from "../../store/subscriptions.store.ts";
import { harbourEntry, harbourFeed } from "./__fixtures__/harbour.ts";
import { EntrySharePage, FeedSharePage } from "./index.ts";

const openFollowDialog = vi.hoisted(() => vi.fn());
vi.mock("../follow/index.ts", () => ({ openFollowDialog }));

const feed = harbourFeed;

const entry = harbourEntry({
  description: "A ship came in.",
  author: "Kim Keeper",
  content: "<p>The <strong>Northern Star</strong> docked at dawn.</p>",
});

const SESSION = { user: { id: "me", name: "Me", email: "me@example.com" }, session: { id: "s" }, role: "user", invitation: null };
let answers: Record<string, () => Response>;
let asked: string[];

beforeEach(() => {
  subscriptionsActions.replace([]);
  openFollowDialog.mockClear();
  asked = [];
  answers = {
    [`/api/share/entries/${entry.id}`]: () => Response.json({ code: 0, data: { entry, feed, subscriptionCount: 3 } }),
    [`/api/share/feeds/${feed.id}`]: () => Response.json({ code: 0, data: { feed, analytics: { updatesPerWeek: 3, subscriptionCount: 3, latestEntryPublishedAt: null }, entries: [entry], subscriptionCount: 3 } }),
    "/api/better-auth/get-session": () => Response.json(null),
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://localhost").pathname;
      asked.push(path);
      return answers[path]?.() ?? Response.json({ code: 1002, message: "Invalid parameter" }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: "/share/entries/:id", element: <EntrySharePage /> },
  { path: "/share/feeds/:id", element: <FeedSharePage /> },
];

describe("EntrySharePage", () => {
  it("shows a signed-out visitor the entry, its feed and a Follow that asks to sign in first", async () => {
    renderRoutes(routes, `/share/entries/${entry.id}`);
    expect((await screen.findByTestId("share-title")).textContent).toBe("Ship arrival");
    expect(screen.getByTestId("share-entry-content").textContent).toContain("The Northern Star docked at dawn.");
    expect(screen.getByText(/Kim Keeper/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Harbour Notes" }).getAttribute("href")).toBe(`/share/feeds/${feed.id}`);
    expect(screen.getByRole("link", { name: /Read the original/ }).getAttribute("href")).toBe("https://harbour.example/1");
    expect(screen.getByText("Get new entries of Harbour Notes in your timeline")).toBeTruthy();
    expect((await screen.findByRole("link", { name: "Follow Harbour Notes" })).getAttribute("href")).toBe(`/login?redirect=${encodeURIComponent(`/share/entries/${entry.id}`)}`);
    // Nothing to share from a signed-out page: the dialog lives in the signed-in app.
    expect(screen.queryByRole("button", { name: "Share Ship arrival" })).toBeNull();
  });

  it("gives a signed-in reader Follow (the follow dialog) and Share", async () => {
    answers["/api/better-auth/get-session"] = () => Response.json(SESSION);
    renderRoutes(routes, `/share/entries/${entry.id}`);
    expect(await screen.findByRole("button", { name: "Share Ship arrival" })).toBeTruthy();
    screen.getByRole("button", { name: "Follow Harbour Notes" }).click();
    expect(openFollowDialog).toHaveBeenCalledWith({ view: 0, url: feed.url });
  });

  it("says so when the entry is missing or private", async () => {
    answers[`/api/share/entries/${entry.id}`] = () => Response.json({ code: 3000, message: "Entry not found" }, { status: 404 });
    renderRoutes(routes, `/share/entries/${entry.id}`);
    expect((await screen.findByRole("alert")).textContent).toContain("There is no such entry, or it is private");
  });
});

describe("FeedSharePage, signed out", () => {
  it("loads the public data, without the signed-in call", async () => {
    renderRoutes(routes, `/share/feeds/${feed.id}`);
    expect((await screen.findByTestId("share-title")).textContent).toBe("Harbour Notes");
    expect(screen.getByRole("link", { name: "Ship arrival" }).getAttribute("href")).toBe(`/share/entries/${entry.id}`);
    expect(screen.getByRole("link", { name: "Follow Harbour Notes" }).getAttribute("href")).toBe(`/login?redirect=${encodeURIComponent(`/share/feeds/${feed.id}`)}`);
    expect(asked).toContain(`/api/share/feeds/${feed.id}`);
    expect(asked).not.toContain("/api/feeds");
  });
});
