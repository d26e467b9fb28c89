import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../../test/helpers/entries.ts";
import { renderPage, renderRoutes } from "../../../test/helpers/render.tsx";
import { markRead, markUnread } from "../../actions/read.actions.ts";
import { toggleStar } from "../../actions/star.actions.ts";
import { entriesActions } from "../../store/entries.store.ts";
import { entryViewActions } from "../../store/entry-view.store.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { aiViewActions, useAiView } from "../ai/index.ts";
import { ModalStack } from "../modal/index.ts";
import { EntryToolbar } from "./entry-toolbar.tsx";

vi.mock("../../actions/read.actions.ts", () => ({ markRead: vi.fn(), markUnread: vi.fn() }));
vi.mock("../../actions/star.actions.ts", () => ({ toggleStar: vi.fn(() => Promise.resolve()) }));

function seed(overrides: Parameters<typeof timelineItem>[0] = {}) {
  const item = timelineItem({ entry: { content: "<p>Hello <img src='https://example.com/a.png' width='300' height='200'></p>" }, ...overrides });
  entriesActions.upsertItems([item]);
  return item.entries.id;
}

// A modal hides the page from the accessibility tree: look through it.
const toolbar = () => screen.getByRole("toolbar", { name: "Entry actions", hidden: true });

beforeEach(() => {
  entriesActions.clear();
  entryViewActions.clear();
  aiViewActions.clear();
  settingsActions.setUI({ toolbarOrder: structuredClone(UI_DEFAULTS.toolbarOrder) });
});
afterEach(() => vi.clearAllMocks());

describe("EntryToolbar", () => {
  it("shows the default main actions as buttons and toggles read", async () => {
    const id = seed({ read: false });
    renderPage(<EntryToolbar entryId={id} view={0} />);
    const buttons = within(toolbar())
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(buttons).toEqual(["Mark as read", "Star", "Readability", "View source content", "Share", "More actions"]);
    await userEvent.click(screen.getByRole("button", { name: "Mark as read" }));
    expect(markRead).toHaveBeenCalledWith([id]);
    expect(markUnread).not.toHaveBeenCalled();
  });

  it("offers mark as unread on a read entry", async () => {
    const id = seed({ read: true });
    renderPage(<EntryToolbar entryId={id} view={0} />);
    await userEvent.click(screen.getByRole("button", { name: "Mark as unread" }));
    expect(markUnread).toHaveBeenCalledWith([id]);
  });

  it("stars with the view and shows a filled star when starred", async () => {
    const id = seed();
    renderPage(<EntryToolbar entryId={id} view={4} />);
    await userEvent.click(screen.getByRole("button", { name: "Star" }));
    expect(toggleStar).toHaveBeenCalledWith(id, 4);
    act(() => void entriesActions.setStarred(id, new Date().toISOString()));
    const unstar = screen.getByRole("button", { name: "Unstar" });
    expect(unstar.querySelector("svg")?.getAttribute("class")).toContain("fill-current");
  });

  it("follows the toolbarOrder setting and lists the rest in the more menu", async () => {
    settingsActions.setUI({ toolbarOrder: { main: ["copyLink", "star"], more: [] } });
    const id = seed();
    renderPage(<EntryToolbar entryId={id} view={0} />);
    const labels = within(toolbar())
      .getAllByRole("button")
      .map((button) => button.getAttribute("aria-label"));
    expect(labels).toEqual(["Copy link", "Star", "More actions"]);
    await userEvent.click(screen.getByRole("button", { name: "More actions" }));
    const menu = await screen.findByRole("menu");
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
    expect(items.some((text) => text?.startsWith("Mark as read"))).toBe(true);
    expect(items.some((text) => text?.startsWith("Image gallery"))).toBe(true);
    // Not an inbox entry: no delete. No neighbours given: no read above/below.
    expect(items.some((text) => text?.startsWith("Delete"))).toBe(false);
    expect(items.some((text) => text?.startsWith("Mark above as read"))).toBe(false);
    expect(items.at(-1)).toBe("Customize toolbar");
  });

  it("customize: moves an action to the menu, saves it, and resets to default", async () => {
    const id = seed();
    renderPage(
      <>
        <EntryToolbar entryId={id} view={0} />
        <ModalStack />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "More actions" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: /Customize toolbar/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Move Star to the menu" }));
    expect(useSettings.getState().ui.toolbarOrder.main).toEqual(["read", "aiSummary", "readability", "sourceContent", "share"]);
    expect(useSettings.getState().ui.toolbarOrder.more[0]).not.toBe("star");
    expect(useSettings.getState().ui.toolbarOrder.more.at(-1)).toBe("star");
    expect(within(toolbar()).queryByRole("button", { name: "Star", hidden: true })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Move Readability up" }));
    expect(useSettings.getState().ui.toolbarOrder.main).toEqual(["read", "readability", "aiSummary", "sourceContent", "share"]);

    await userEvent.click(screen.getByRole("button", { name: "Reset to default" }));
    expect(useSettings.getState().ui.toolbarOrder).toEqual(UI_DEFAULTS.toolbarOrder);
    expect(within(toolbar()).getByRole("button", { name: "Star", hidden: true })).toBeTruthy();
  });
});

describe("AI summary action", () => {
  const LONG = `<p>${"The keeper trimmed the wick and wound the clockwork every night. ".repeat(3)}</p>`;

  it("is offered for entries with enough text, and hides or shows the summary of the open entry", async () => {
    const id = seed({ entry: { content: LONG } });
    // The reader's route: the action acts on the open entry.
    renderRoutes([{ path: "/timeline/:timelineId/:feedId/:entryId", element: <EntryToolbar entryId={id} view={0} /> }], `/timeline/view-0/all/${id}`);
    // The summary setting is on by default: the action hides it.
    await userEvent.click(screen.getByRole("button", { name: "Hide AI summary" }));
    expect(useAiView.getState().summary[id]).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "AI summary" }));
    expect(useAiView.getState().summary[id]).toBe(true);
  });

  it("is not offered when the text is shorter than 100 characters", () => {
    const id = seed({ entry: { content: "<p>Boats came and went.</p>" } });
    renderPage(<EntryToolbar entryId={id} view={0} />);
    expect(screen.queryByRole("button", { name: /AI summary/ })).toBeNull();
  });
});

describe("EntryContextMenu", () => {
  it("lists every applicable action on a right click, read above/below included when given", async () => {
    const { EntryContextMenu } = await import("./entry-context-menu.tsx");
    const id = seed({ read: false });
    const above = vi.fn();
    renderPage(
      <EntryContextMenu entryId={id} view={0} onReadAbove={above} onReadBelow={() => undefined}>
        <div>row</div>
      </EntryContextMenu>,
    );
    expect(screen.queryByRole("menu")).toBeNull();
    await userEvent.pointer({ keys: "[MouseRight]", target: screen.getByText("row") });
    const menu = await screen.findByRole("menu");
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.querySelector("span")?.textContent);
    expect(items).toEqual([
      "Mark as read",
      "Star",
      "Mark above as read",
      "Mark below as read",
      "Readability",
      "View source content",
      "AI translation",
      "Image gallery",
      "Text to speech",
      "Share",
      "Open in browser",
      "Copy link",
      "Copy title",
      "Export as PDF",
      "Customize toolbar",
    ]);
    await userEvent.click(within(menu).getByRole("menuitem", { name: /Mark above as read/ }));
    expect(above).toHaveBeenCalled();
  });
});
