import type { FeedSubscription, FeedSummary, TimelineItem } from "@tidings/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { flushReads } from "../../actions/read.actions.ts";
import { setPersistence } from "../../db/persistence.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { entriesActions, useEntries } from "../../store/entries.store.ts";
import { settingsActions } from "../../store/settings.store.ts";
import { GENERAL_DEFAULTS } from "../../store/settings-defaults.ts";
import { sourcesActions } from "../../store/sources.store.ts";
import { subscriptionsActions } from "../../store/subscriptions.store.ts";
import { testEntry, testState } from "./test-entries.ts";
import { NoEntrySelected, TimelineLayout } from "./timeline-layout.tsx";

const FEED_ID = "1000000000000001";
const feed: FeedSummary = {
  type: "feed",
  id: FEED_ID,
  url: "https://planet.example/feed.xml",
  title: "Daily Planet",
  description: null,
  image: null,
  siteUrl: "https://planet.example",
  errorMessage: null,
  errorAt: null,
  ownerUserId: null,
};
const subscription: FeedSubscription = { userId: "u", view: 0, category: null, title: null, isPrivate: false, createdAt: "2025-01-01T00:00:00.000Z", feedId: FEED_ID, feeds: feed };

const item = (id: string, title: string, read: boolean): TimelineItem => ({
  entries: testEntry(id, { title, description: `<p>About ${title}</p>`, feedId: FEED_ID, publishedAt: new Date(Date.now() - Number(id.slice(-2)) * 60_000).toISOString() }),
  feeds: feed,
  read,
});

/** Serves POST /api/entries with `page` (or fails like a dropped connection), and everything else with ok. */
function serve(page: TimelineItem[] | "offline") {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith("/api/entries") && !url.includes("check-new")) {
      if (page === "offline") throw new TypeError("Failed to fetch");
      return new Response(JSON.stringify({ code: 0, data: page }), { status: 200 });
    }
    return new Response(JSON.stringify({ code: 0, data: url.includes("check-new") ? { has_new: false } : null }), { status: 200 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderTimeline(path = "/timeline/view-0/all") {
  const view = renderRoutes(
    [
      {
        path: "/timeline/:timelineId/:feedId",
        element: <TimelineLayout />,
        children: [
          { index: true, element: <NoEntrySelected /> },
          { path: ":entryId", element: <p data-testid="reader">reader</p> },
        ],
      },
    ],
    path,
  );
  registerQueryClient(view.queryClient);
  return view;
}

beforeEach(() => {
  setPersistence(false);
  entriesActions.clear();
  sourcesActions.upsert([feed]);
  subscriptionsActions.replace([subscription]);
  settingsActions.setGeneral({ ...GENERAL_DEFAULTS, unreadOnly: false });
  // happy-dom lays nothing out: give every box a size so the virtual list has a viewport to fill.
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: 356, bottom: 900, width: 356, height: 900, toJSON: () => ({}) });
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(100);
});

afterEach(async () => {
  await flushReads();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the Articles timeline", () => {
  it("lists the server's entries with their feed, unread state and description", async () => {
    serve([item("2000000000000001", "Rocket lands", false), item("2000000000000002", "Bridge opens", true)]);
    renderTimeline();

    expect(screen.getByTestId("timeline-title").textContent).toBe("Articles");
    const first = await screen.findByText("Rocket lands");
    const row = first.closest<HTMLElement>("[data-entry-id]")!;
    expect(row.dataset.entryId).toBe("2000000000000001");
    expect(within(row).getByText("Daily Planet")).toBeTruthy();
    expect(within(row).getByText("About Rocket lands")).toBeTruthy();
    expect(within(row).queryByTestId("unread-dot")).not.toBeNull();
    const read = screen.getByText("Bridge opens").closest<HTMLElement>("[data-entry-id]")!;
    expect(within(read).queryByTestId("unread-dot")).toBeNull();
    // Grouped by day by default.
    expect(screen.getAllByTestId("timeline-day").length).toBeGreaterThan(0);
  });

  it("shows the entries the device holds when the server cannot be reached", async () => {
    serve("offline");
    entriesActions.hydrate([
      testState("2000000000000005", { title: "Saved yesterday", feedId: FEED_ID }),
      testState("2000000000000006", { title: "Another feed's", feedId: "1000000000000099" }),
    ]);
    renderTimeline();
    expect(await screen.findByText("Saved yesterday")).toBeTruthy();
    expect(screen.queryByText("Another feed's")).toBeNull();
    expect(await screen.findByText("Offline: showing entries saved on this device.")).toBeTruthy();
  });

  it("moves through entries with J and opens them; M toggles read", async () => {
    serve([item("2000000000000001", "Rocket lands", false), item("2000000000000002", "Bridge opens", false)]);
    const { router } = renderTimeline();
    await screen.findByText("Rocket lands");
    const user = userEvent.setup();
    await user.keyboard("j");
    await waitFor(() => expect(router.state.location.pathname).toBe("/timeline/view-0/all/2000000000000001"));
    expect(screen.getByTestId("reader")).toBeTruthy();
    await user.keyboard("j");
    await waitFor(() => expect(router.state.location.pathname).toBe("/timeline/view-0/all/2000000000000002"));
    expect(screen.getByText("Bridge opens").closest("[data-entry-id]")!.getAttribute("aria-current")).toBe("true");
    await user.keyboard("m");
    expect(useEntries.getState().byId["2000000000000002"]!.read).toBe(true);
    await user.keyboard("m");
    expect(useEntries.getState().byId["2000000000000002"]!.read).toBe(false);
  });

  it("says all is read in unread-only mode, and offers to show everything", async () => {
    serve([]);
    act(() => settingsActions.setGeneral({ unreadOnly: true }));
    renderTimeline();
    expect(await screen.findByText("All caught up")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Show read entries" }));
    await waitFor(() => expect(screen.queryByText("All caught up")).toBeNull());
  });
});
