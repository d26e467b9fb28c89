import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { QuickAdd } from "./quick-add.tsx";
import { fakeServer, feedSummary, previewEntry } from "./test-server.ts";

await i18next.init({ lng: "en", resources: { en: { errors } }, interpolation: { escapeValue: false } });

function renderQuickAdd() {
  const onFeed = vi.fn();
  const view = renderRoutes([{ path: "/", element: <QuickAdd onFeed={onFeed} /> }], "/");
  registerQueryClient(view.queryClient);
  return { onFeed };
}

const find = (value: string) => {
  fireEvent.change(screen.getByLabelText("Feed or site address"), { target: { value } });
  fireEvent.click(screen.getByRole("button", { name: "Find" }));
};

afterEach(() => vi.unstubAllGlobals());

describe("QuickAdd", () => {
  it("lists every feed a site announces, each with a Follow button, and follows the one chosen", async () => {
    const feeds = [feedSummary({ id: "1", title: "Posts", url: "https://site.example/posts.xml" }), feedSummary({ id: "2", title: "Comments", url: "https://site.example/comments.xml" })];
    const seen = fakeServer({
      "POST /api/discover": () =>
        Response.json({ code: 0, data: feeds.map((feed, i) => ({ feed, entries: [previewEntry(String(i), { title: `Latest ${i}` })], isSubscribed: i === 1, subscriptionCount: 3 })) }),
    });
    const { onFeed } = renderQuickAdd();
    find("site.example");
    await screen.findByText("2 feeds found");
    expect(seen.find((request) => request.path === "/api/discover")?.body).toEqual({ keyword: "https://site.example", target: "feeds" });
    expect(screen.getAllByTestId("discovered-feed").map((row) => row.textContent)).toEqual([expect.stringContaining("Posts"), expect.stringContaining("Comments")]);
    // The one already followed says so instead of offering Follow.
    expect(screen.queryByRole("button", { name: "Follow Comments" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Follow Posts" }));
    expect(onFeed).toHaveBeenCalledWith("https://site.example/posts.xml");
  });

  it("sends a feed's own address straight to the follow form", async () => {
    fakeServer({ "POST /api/discover": () => Response.json({ code: 0, data: [{ feed: feedSummary({ url: "https://shots.example/feed" }), isSubscribed: false, subscriptionCount: 0 }] }) });
    const { onFeed } = renderQuickAdd();
    find("https://shots.example/feed");
    await waitFor(() => expect(onFeed).toHaveBeenCalledWith("https://shots.example/feed"));
  });

  it("sends rsshub:// addresses to the follow form without discovery", () => {
    const seen = fakeServer({});
    const { onFeed } = renderQuickAdd();
    find("rsshub://github/issue/DIYgod/RSSHub");
    expect(onFeed).toHaveBeenCalledWith("rsshub://github/issue/DIYgod/RSSHub");
    expect(seen.filter((request) => request.path === "/api/discover")).toEqual([]);
  });

  it("shows what went wrong inline: a bad address, or the server's 2001-2004 error", async () => {
    fakeServer({ "POST /api/discover": () => Response.json({ code: 2003, message: "Feed fetch error", reason: "HTTP 500" }, { status: 400 }) });
    renderQuickAdd();
    find("not a url");
    expect(screen.getByRole("alert").textContent).toContain("http://, https:// or rsshub://");
    find("https://down.example");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Feed fetch error"));
    expect(screen.getByRole("alert").textContent).toContain("HTTP 500");
  });
});
