import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { entriesActions, useEntries } from "../../store/entries.store.ts";
import { sourcesActions } from "../../store/sources.store.ts";
import { subscriptionsActions } from "../../store/subscriptions.store.ts";
import { feedSubscription } from "../subscription-column/test-fixtures.ts";
import { testState } from "../timeline/test-entries.ts";
import { SearchPalette } from "./search-palette.tsx";
import type { ServerSearchItem } from "./server-search.ts";

await i18next.init({ lng: "en", resources: { en: { errors } }, interpolation: { escapeValue: false } });

const FEED = "1000000000000001";
const subscription = feedSubscription({ id: FEED, feedTitle: "Tide Tables", view: 2 });
const requests: string[] = [];

function serverItem(id: string, title: string, snippet: string): ServerSearchItem {
  const { entry } = testState(id, { title, feedId: FEED });
  return { entries: entry, feeds: subscription.feeds, read: false, highlight: { title, snippet } };
}

function answer(reply: (q: string) => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      const q = new URL(url, "http://x").searchParams.get("q") ?? "";
      return reply(q);
    }),
  );
}

function renderPalette() {
  const onDone = vi.fn();
  const view = renderRoutes(
    [
      { path: "/", element: <SearchPalette onDone={onDone} /> },
      { path: "/timeline/:view/:feed/:entry?", element: <p data-testid="opened">opened</p> },
    ],
    "/",
  );
  return { ...view, onDone };
}

const type = (text: string) => fireEvent.change(screen.getByTestId("search-input"), { target: { value: text } });
const options = () => screen.queryAllByRole("option");

beforeEach(() => {
  requests.length = 0;
  subscriptionsActions.replace([subscription]);
  sourcesActions.upsert([subscription.feeds]);
  entriesActions.hydrate([
    testState("2000000000000001", { title: "Spring tide at dawn", description: "<p>The water rises high.</p>" }),
    testState("2000000000000002", { title: "Neap tide", description: "Calm harbour." }),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  entriesActions.clear();
  subscriptionsActions.clear();
  sourcesActions.clear();
});

describe("SearchPalette", () => {
  it("shows what it searches before anything is typed", () => {
    answer(() => Response.json({ code: 0, data: { items: [] } }));
    renderPalette();
    expect(screen.getByTestId("search-tips")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId("search-input"));
  });

  it("finds held entries and feeds at once, then merges the server's full-text results below, marked", async () => {
    answer((q) =>
      Response.json({
        code: 0,
        data: { items: q === "tide" ? [serverItem("2000000000000001", "Spring <mark>tide</mark> at dawn", "x"), serverItem("2000000000000009", "Old <mark>tide</mark> log", "…the <mark>tide</mark> &amp; &lt;b&gt;moon&lt;/b&gt;…")] : [], total: 3 },
      }),
    );
    renderPalette();
    type("tide");
    // Local rows right away: the feed, then both held entries.
    expect(options().map((o) => o.getAttribute("data-result-key"))).toEqual([`feed:${FEED}`, "entry:2000000000000001", "entry:2000000000000002"]);
    expect(options()[1]!.querySelector("mark")?.textContent).toBe("tide");
    await waitFor(() => expect(options()).toHaveLength(4));
    const extra = options()[3]!;
    expect(extra.getAttribute("data-result-key")).toBe("entry:2000000000000009");
    expect(extra.querySelectorAll("[data-testid=search-snippet] mark")).toHaveLength(1);
    expect(extra.querySelectorAll("mark")).toHaveLength(3);
    // Escaped markup stays text.
    expect(extra.textContent).toContain("& <b>moon</b>");
    expect(extra.querySelector("b")).toBeNull();
    expect(screen.getByText("3 full-text matches")).toBeTruthy();
    expect(screen.getByTestId("search-count").textContent).toBe("4 results");
    expect(requests.filter((url) => url.startsWith("/api/search"))).toEqual(["/api/search?q=tide&limit=20"]);
  });

  it("moves with the arrows and opens the active entry in its feed's timeline with Enter", async () => {
    answer(() => Response.json({ code: 0, data: { items: [] } }));
    const { router, onDone } = renderPalette();
    type("tide");
    const input = screen.getByTestId("search-input");
    expect(options()[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowDown" });
    fireEvent.keyDown(input, { key: "ArrowUp" });
    expect(options()[2]!.getAttribute("aria-selected")).toBe("true");
    expect(input.getAttribute("aria-activedescendant")).toBe(options()[2]!.id);
    fireEvent.keyDown(input, { key: "Enter" });
    await screen.findByTestId("opened");
    expect(router.state.location.pathname).toBe(`/timeline/view-2/${FEED}/2000000000000002`);
    expect(onDone).toHaveBeenCalled();
  });

  it("asks the server once the typing pauses, and ignores answers to older queries", async () => {
    let release: (() => void) | undefined;
    answer((q) => {
      if (q === "spr") {
        return new Promise<Response>((resolve) => {
          release = () => resolve(Response.json({ code: 0, data: { items: [serverItem("2000000000000007", "Stale", "old")] } }));
        }) as unknown as Response;
      }
      return Response.json({ code: 0, data: { items: [serverItem("2000000000000008", "Fresh <mark>spring</mark>", "new")] } });
    });
    renderPalette();
    type("spr");
    await waitFor(() => expect(requests).toHaveLength(1));
    type("spring");
    await waitFor(() => expect(options().some((o) => o.getAttribute("data-result-key") === "entry:2000000000000008")).toBe(true));
    await act(async () => release?.());
    expect(options().some((o) => o.getAttribute("data-result-key") === "entry:2000000000000007")).toBe(false);
  });

  it("closes with the shortcut that opened it, and asks nothing for a query of exclusions only", async () => {
    answer(() => Response.json({ code: 0, data: { items: [] } }));
    const { onDone } = renderPalette();
    type("-storm");
    expect(screen.getByTestId("search-tips")).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId("search-input"), { key: "k", ctrlKey: true });
    expect(onDone).toHaveBeenCalled();
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(requests).toEqual([]);
  });

  it("says so when nothing matches, and shows the server's error by its code's message", async () => {
    answer((q) =>
      q === "zzz" ? Response.json({ code: 0, data: { items: [] } }) : Response.json({ code: 1005, message: "Internal error", reason: "db down" }, { status: 500 }),
    );
    renderPalette();
    type("zzz");
    expect(await screen.findByTestId("search-empty")).toBeTruthy();
    expect(screen.getByText("Nothing matches “zzz”")).toBeTruthy();
    type("tide");
    const alert = await screen.findByTestId("search-error");
    expect(alert.textContent).toContain("Full-text search failed:");
    expect(alert.textContent).toContain("db down");
    // Local results stay.
    expect(options().length).toBeGreaterThan(0);
    expect(useEntries.getState().byId["2000000000000001"]).toBeTruthy();
  });
});
