import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import app from "@tidings/i18n/locales/en/app.json";
import common from "@tidings/i18n/locales/en/common.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { Bell, Headphones, Image, MessageCircle, Newspaper, Video } from "lucide-react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { subscriptionsActions } from "../../store/subscriptions.store.ts";
import { unreadActions } from "../../store/unread.store.ts";
import { ModalStack } from "../modal/index.ts";
import { selection } from "./selection.ts";
import { SubscriptionColumn } from "./subscription-column.tsx";
import { feedSubscription, listSubscription } from "./test-fixtures.ts";

// Menus and confirmations are built outside React, with the app's i18next instance.
await i18next.init({ lng: "en", resources: { en: { app, common, errors } }, defaultNS: "common", interpolation: { escapeValue: false } });

const ICONS = { 0: Newspaper, 1: MessageCircle, 2: Image, 3: Video, 4: Headphones, 5: Bell };
const calls: { url: string; method: string; body: unknown }[] = [];
let db: TidingsDatabase;

const mine = feedSubscription({ title: "My own blog", ownerUserId: "me", site: "https://mine.example" });
const broken = feedSubscription({ title: "Broken feed", errorMessage: "404 Not Found", site: "https://broken.example", isPrivate: true });
const tech = feedSubscription({ title: "Gadgets", category: "Tech" });
const tech2 = feedSubscription({ title: "Chips", category: "Tech" });
const list = listSubscription({ title: "Designers" });

beforeEach(() => {
  calls.length = 0;
  db = new TidingsDatabase(`column-${Math.random()}`);
  setDatabaseForTests(db);
  selection.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes("get-session")) return Response.json({ user: { id: "me", name: "Me", email: "me@example.com" }, session: { token: "" }, role: "user" });
      if (url.startsWith("/api/lists/list")) return Response.json({ code: 0, data: [] });
      return Response.json({ code: 0, data: null });
    }),
  );
  subscriptionsActions.replace([mine, broken, tech, tech2, list]);
  unreadActions.replace({ [mine.feedId]: 2, [broken.feedId]: 0, [tech.feedId]: 1200, [tech2.feedId]: 5, [list.listId]: 7 });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

/** Renders the column and waits for the session (who the reader is decides the claim items). */
async function renderColumn(path = "/timeline/view-0/all") {
  const view = renderRoutes(
    [
      {
        path: "*",
        element: (
          <>
            <SubscriptionColumn viewIcons={ICONS} />
            <ModalStack />
          </>
        ),
      },
    ],
    path,
  );
  registerQueryClient(view.queryClient);
  await within(rowOf(mine.feedId)).findByRole("img", { name: "Owned by you" });
  return view;
}

const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-row-id="${id}"]`)!;
const menuItems = async () => {
  // Radix keeps the menu invisible until it is positioned, which happy-dom never does: read it by role attribute.
  const menu = await screen.findByTestId("row-menu");
  return [...menu.querySelectorAll("[role=menuitem]")].map((item) => item.textContent);
};

describe("SubscriptionColumn", () => {
  it("shows the view's rows with their counts, folders first closed, and the view badges", async () => {
    await renderColumn();
    expect(within(rowOf("all")).getByTestId("unread-count").textContent).toBe("1.2K");
    expect(within(rowOf("Tech")).getByTestId("unread-count").textContent).toBe("1.2K");
    expect(rowOf(tech.feedId)).toBeNull();
    expect(within(rowOf(mine.feedId)).getByTestId("unread-count").textContent).toBe("2");
    expect(within(rowOf(broken.feedId)).queryByTestId("unread-count")).toBeNull();
    expect(within(rowOf(broken.feedId)).getByRole("img", { name: "404 Not Found" })).toBeTruthy();
    expect(screen.getByTestId("view-0-count").textContent).toBe("1.2K");
    expect(screen.getByText("Designers")).toBeTruthy();
    fireEvent.click(within(rowOf("Tech")).getByRole("button", { name: /Open the folder Tech/ }));
    expect(rowOf(tech.feedId)).not.toBeNull();
  });

  it("marks an rsshub:// feed fetched through the server's default instance with the server's reason", async () => {
    const hub = feedSubscription({ title: "Hub issues" });
    const reason = "My RSSHub is unavailable: HTTP 502; fetched through the server's default instance";
    subscriptionsActions.replace([mine, broken, { ...hub, feeds: { ...hub.feeds, rsshubFallback: reason } }]);
    await renderColumn();
    expect(within(rowOf(hub.feedId)).getByRole("img", { name: reason })).toBeTruthy();
    expect(within(rowOf(hub.feedId)).queryByTestId("feed-error")).toBeNull();
    expect(within(rowOf(broken.feedId)).queryByTestId("feed-rsshub-fallback")).toBeNull();
  });

  it("offers a feed's actions in its context menu, claim included for a feed nobody owns", async () => {
    await renderColumn();
    fireEvent.contextMenu(rowOf(broken.feedId), { clientX: 10, clientY: 10 });
    expect(await menuItems()).toEqual([
      "Mark all as read",
      "Edit…",
      "Move to folder",
      "Move to view",
      "Add to list",
      "Claim this feed…",
      "Open feed in browser",
      "Open site in browser",
      "Copy feed URL",
      "Copy feed ID",
      "Copy share link",
      "Share…",
      "Go to feed",
      "Unfollow",
    ]);
  });

  it("shows an owned feed as owned instead of claimable", async () => {
    await renderColumn();
    fireEvent.contextMenu(rowOf(mine.feedId), { clientX: 10, clientY: 10 });
    const items = await menuItems();
    expect(items).toContain("Owned by you");
    expect(items).not.toContain("Claim this feed…");
  });

  it("offers folder actions, and batch actions for feeds picked with Cmd-click", async () => {
    await renderColumn();
    fireEvent.contextMenu(rowOf("Tech"), { clientX: 10, clientY: 10 });
    expect(await menuItems()).toEqual(["Mark all as read", "Rename…", "Move to view", "Ungroup (keep the feeds)", "Delete with its feeds…"]);
    fireEvent.keyDown(screen.getByTestId("row-menu"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("row-menu")).toBeNull());

    fireEvent.click(within(rowOf(mine.feedId)).getByRole("link"), { metaKey: true });
    fireEvent.click(within(rowOf(broken.feedId)).getByRole("link"), { ctrlKey: true });
    fireEvent.contextMenu(rowOf(broken.feedId), { clientX: 10, clientY: 10 });
    expect(await menuItems()).toEqual(["Mark all as read", "Move to folder", "Move to view", "Unfollow 2 feeds"]);
    expect(screen.getByText("2 feeds selected")).toBeTruthy();
  });

  it("unfollows after a confirmation, with DELETE /subscriptions", async () => {
    await renderColumn();
    fireEvent.contextMenu(rowOf(broken.feedId), { clientX: 10, clientY: 10 });
    await screen.findByTestId("row-menu");
    fireEvent.click(document.querySelector('[data-menu-id="unfollow"]')!);
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("Unfollow Broken feed?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Unfollow" }));
    await waitFor(() => expect(rowOf(broken.feedId)).toBeNull());
    await waitFor(() => expect(calls.find((call) => call.method === "DELETE")).toEqual({ url: "/api/subscriptions", method: "DELETE", body: { feedIdList: [broken.feedId] } }));
    // Once the server agreed, the local copy has the four that are left.
    await waitFor(async () => expect(await db.subscriptions.count()).toBe(4));
  });
});
