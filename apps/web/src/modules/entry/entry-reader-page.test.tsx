import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../../test/helpers/entries.ts";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { markRead } from "../../actions/read.actions.ts";
import { toggleStar } from "../../actions/star.actions.ts";
import { useConnectivity } from "../../lib/connectivity.ts";
import { entriesActions, useEntries } from "../../store/entries.store.ts";
import { entryViewActions } from "../../store/entry-view.store.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { ModalStack } from "../modal/index.ts";
import { EntryReaderPage } from "./entry-reader-page.tsx";

vi.mock("../../actions/read.actions.ts", () => ({ markRead: vi.fn(), markUnread: vi.fn() }));
vi.mock("../../actions/star.actions.ts", () => ({ toggleStar: vi.fn(() => Promise.resolve()) }));
vi.mock("../../db/entries.repo.ts", () => ({ persistItems: vi.fn() }));
vi.mock("../../db/sources.repo.ts", () => ({ persistSources: vi.fn() }));

const requests: string[] = [];
function server(answer: (url: string) => { status: number; body: unknown }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requests.push(url);
      const { status, body } = answer(url);
      return new Response(JSON.stringify(body), { status });
    }),
  );
}
const noReaders = (url: string) => (url.includes("read-histories") ? { status: 200, body: { code: 0, data: { users: {}, entryReadHistories: null, total: 0 } } } : null);

function open(entryId: string, feedId = "1700000000000000001") {
  return renderRoutes(
    [
      {
        path: "/timeline/:timelineId/:feedId/:entryId",
        element: (
          <>
            <EntryReaderPage />
            <ModalStack />
          </>
        ),
      },
      { path: "/timeline/:timelineId/:feedId", element: <p>the list</p> },
    ],
    `/timeline/view-0/${feedId}/${entryId}`,
  );
}

beforeEach(() => {
  requests.length = 0;
  entriesActions.clear();
  entryViewActions.clear();
  useConnectivity.setState({ online: true });
  settingsActions.setGeneral({ jumpOutLinkWarn: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("EntryReaderPage", () => {
  it("renders a stored entry with its content without asking the server for it", async () => {
    server((url) => noReaders(url) ?? { status: 500, body: {} });
    const item = timelineItem({ entry: { title: "Stored story", content: "<p>Words kept on this device.</p>", author: "Ada" }, read: true });
    entriesActions.upsertItems([item]);
    open(item.entries.id);
    expect(screen.getByTestId("entry-title").textContent).toBe("Stored story");
    expect(await screen.findByText("Words kept on this device.")).toBeTruthy();
    expect(screen.getByText("Ada")).toBeTruthy();
    expect(screen.getByRole("toolbar", { name: "Entry actions" })).toBeTruthy();
    expect(requests.some((url) => url.startsWith("/api/entries?"))).toBe(false);
  });

  it("works offline from the store: no request at all, the description stands in for missing content", async () => {
    server(() => ({ status: 500, body: {} }));
    useConnectivity.setState({ online: false });
    const item = timelineItem({ entry: { title: "Offline story", description: "Short summary." } });
    entriesActions.upsertItems([item]);
    open(item.entries.id);
    expect(screen.getByTestId("entry-title").textContent).toBe("Offline story");
    expect(await screen.findByText("Short summary.")).toBeTruthy();
    expect(screen.getByText(/You are offline/)).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("fetches GET /entries?id= when the content is not known, and shows it", async () => {
    const item = timelineItem({ entry: { title: "Fresh story", content: "<p>Fetched body.</p>" } });
    server((url) => noReaders(url) ?? { status: 200, body: { code: 0, data: item } });
    open(item.entries.id);
    expect(screen.getByTestId("entry-loading")).toBeTruthy();
    expect(await screen.findByText("Fetched body.")).toBeTruthy();
    expect(requests).toContain(`/api/entries?id=${item.entries.id}`);
    expect(useEntries.getState().byId[item.entries.id]?.entry.content).toBe("<p>Fetched body.</p>");
  });

  it("says so when the entry does not exist", async () => {
    server((url) => noReaders(url) ?? { status: 404, body: { code: 3000, message: "Entry not found" } });
    open("1800000000000009999");
    expect(await screen.findByTestId("entry-unavailable")).toBeTruthy();
  });

  it("shows a loading state for the pending marker", () => {
    server(() => ({ status: 500, body: {} }));
    open("pending");
    expect(screen.getByTestId("entry-loading")).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it("marks an unread entry read when opened, and a read one is left alone", async () => {
    server((url) => noReaders(url) ?? { status: 500, body: {} });
    const unread = timelineItem({ entry: { content: "<p>a</p>" }, read: false });
    const read = timelineItem({ entry: { content: "<p>b</p>" }, read: true });
    entriesActions.upsertItems([unread, read]);
    const { router } = open(unread.entries.id);
    await waitFor(() => expect(markRead).toHaveBeenCalledWith([unread.entries.id]));
    expect(markRead).toHaveBeenCalledTimes(1);
    await act(() => router.navigate(`/timeline/view-0/1700000000000000001/${read.entries.id}`));
    expect(markRead).toHaveBeenCalledTimes(1);
  });

  it("reader keys act on the open entry: S stars, Escape closes", async () => {
    server((url) => noReaders(url) ?? { status: 500, body: {} });
    const item = timelineItem({ entry: { content: "<p>keys</p>" }, read: true });
    entriesActions.upsertItems([item]);
    const { router } = open(item.entries.id);
    screen.getByTestId("entry-reader").focus();
    await userEvent.keyboard("s");
    expect(toggleStar).toHaveBeenCalledWith(item.entries.id, 0);
    await userEvent.keyboard("{Escape}");
    expect(router.state.location.pathname).toBe("/timeline/view-0/1700000000000000001");
  });

  it("warns before leaving through a link; 'don't ask again' turns the warning off", async () => {
    server((url) => noReaders(url) ?? { status: 500, body: {} });
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const item = timelineItem({ entry: { title: "Linked", url: "https://example.org/post", content: "<p>body</p>" }, read: true });
    entriesActions.upsertItems([item]);
    open(item.entries.id);
    await userEvent.click(screen.getByRole("link", { name: "Linked" }));
    expect(await screen.findByRole("alertdialog", { name: "You are about to leave Tidings" })).toBeTruthy();
    expect(screen.getByTestId("jump-out-url").textContent).toBe("https://example.org/post");
    expect(opened).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("checkbox", { name: "Don't ask again" }));
    await userEvent.click(screen.getByRole("button", { name: "Open link" }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith("https://example.org/post", "_blank", "noopener,noreferrer"));
    expect(useSettings.getState().general.jumpOutLinkWarn).toBe(false);

    await userEvent.click(screen.getByRole("link", { name: "Linked" }));
    expect(opened).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("cancelling the warning stays in the app", async () => {
    server((url) => noReaders(url) ?? { status: 500, body: {} });
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const item = timelineItem({ entry: { title: "Stay", url: "https://example.org/stay", content: "<p>body</p>" }, read: true });
    entriesActions.upsertItems([item]);
    open(item.entries.id);
    await userEvent.click(screen.getByRole("link", { name: "Stay" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(opened).not.toHaveBeenCalled();
    expect(useSettings.getState().general.jumpOutLinkWarn).toBe(true);
  });
});
