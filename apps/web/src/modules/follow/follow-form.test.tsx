import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { subscriptionsActions, useSubscriptions } from "../../store/subscriptions.store.ts";
import { feedSubscription, listSubscription } from "../subscription-column/test-fixtures.ts";
import { FollowForm, type FollowFormProps } from "./follow-form.tsx";
import { feedPreview, fakeServer, previewEntry } from "./test-server.ts";

// Error texts come from the app's i18next instance (the errors namespace), as in the app.
await i18next.init({ lng: "en", resources: { en: { errors } }, interpolation: { escapeValue: false } });

let db: TidingsDatabase;

function renderForm(props: Partial<FollowFormProps> = {}) {
  const onDone = vi.fn();
  const view = renderRoutes(
    [
      { path: "/timeline/view-2/all", element: <FollowForm view={2} {...props} onDone={onDone} /> },
      { path: "/timeline/:view/:target", element: <p>timeline opened</p> },
    ],
    "/timeline/view-2/all",
  );
  registerQueryClient(view.queryClient);
  return { ...view, onDone };
}

const json = (data: unknown) => () => Response.json({ code: 0, data });
const typeAddress = (value: string) => fireEvent.change(screen.getByLabelText("Feed address"), { target: { value } });

beforeEach(() => {
  db = new TidingsDatabase(`follow-${Math.random()}`);
  setDatabaseForTests(db);
  subscriptionsActions.replace([feedSubscription({ category: "Design" }), feedSubscription({ category: "Dev" })]);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

describe("FollowForm", () => {
  it("refuses an address that is not http(s) or rsshub:// without asking the server", async () => {
    const seen = fakeServer({});
    renderForm();
    typeAddress("ftp://example.com/feed");
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    expect((await screen.findByRole("alert")).textContent).toContain("http://, https:// or rsshub://");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(seen.filter((request) => request.path !== "/api/reads")).toEqual([]);
  });

  it("previews the feed's latest entries once the address is valid, and takes the view it suggests", async () => {
    const podcast = feedPreview({
      entries: [1, 2, 3].map((n) => previewEntry(String(n), { title: `Episode ${n}`, attachments: [{ url: `https://cdn.example/${n}.mp3`, mime_type: "audio/mpeg" }] })),
    });
    const seen = fakeServer({ "GET /api/feeds": json(podcast) });
    renderForm();
    typeAddress("shots.example/feed");
    const preview = await screen.findByTestId("follow-preview");
    expect(preview.textContent).toContain("Shots");
    expect(preview.textContent).toContain("12 followers");
    expect(within(preview).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      expect.stringContaining("Episode 1"),
      expect.stringContaining("Episode 2"),
      expect.stringContaining("Episode 3"),
    ]);
    // Debounced: one request, for the whole address.
    expect(seen.filter((request) => request.path === "/api/feeds").map((request) => request.query.get("url"))).toEqual(["https://shots.example/feed"]);
    expect((screen.getByLabelText("View") as HTMLSelectElement).value).toBe("4");
  });

  it("never overrides a view the reader picked", async () => {
    fakeServer({ "GET /api/feeds": json(feedPreview({ entries: [previewEntry("1", { url: "https://www.youtube.com/watch?v=1" })] })) });
    renderForm();
    fireEvent.change(screen.getByLabelText("View"), { target: { value: "1" } });
    typeAddress("https://shots.example/feed");
    await screen.findByTestId("follow-preview");
    expect((screen.getByLabelText("View") as HTMLSelectElement).value).toBe("1");
  });

  it("shows the preview's failure under the address, with its catalogue message and reason", async () => {
    const seen = fakeServer({
      "GET /api/feeds": () => Response.json({ code: 2004, message: "Feed failed to parse", reason: "no feed at https://site.example" }, { status: 400 }),
    });
    renderForm();
    typeAddress("https://site.example/page");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Feed failed to parse");
    expect(alert.textContent).toContain("no feed at https://site.example");
    expect(screen.queryByTestId("follow-preview")).toBeNull();
    expect(seen.some((request) => request.method === "POST")).toBe(false);
  });

  it("shows the server's refusal under the address, translated by its code, with the reason", async () => {
    fakeServer({
      "GET /api/feeds": json(feedPreview()),
      "POST /api/subscriptions": () => Response.json({ code: 2003, message: "Feed fetch error", reason: "HTTP 404 from example.com" }, { status: 400 }),
    });
    const { onDone } = renderForm();
    typeAddress("https://example.com/missing.xml");
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Feed fetch error");
    expect(alert.textContent).toContain("HTTP 404 from example.com");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("follows with the chosen view, folder (from the combobox), title and privacy, then opens the new feed's timeline", async () => {
    const created = feedSubscription({ view: 2, category: "Design", title: "Shots" });
    const seen = fakeServer({ "GET /api/feeds": json(feedPreview()), "POST /api/subscriptions": json(created) });
    const { onDone, router } = renderForm();
    expect((screen.getByLabelText("View") as HTMLSelectElement).value).toBe("2");
    typeAddress("shots.example/feed");
    const folder = screen.getByRole("combobox", { name: "Folder" });
    fireEvent.focus(folder);
    fireEvent.change(folder, { target: { value: "des" } });
    expect(within(screen.getByRole("listbox")).getAllByRole("option").map((option) => option.textContent)).toEqual(["Design"]);
    fireEvent.keyDown(folder, { key: "ArrowDown" });
    fireEvent.keyDown(folder, { key: "Enter" });
    expect((folder as HTMLInputElement).value).toBe("Design");
    fireEvent.change(screen.getByLabelText("Custom title"), { target: { value: "My shots" } });
    fireEvent.click(screen.getByRole("switch"));
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(seen.filter((request) => request.method === "POST").map((request) => request.body)).toEqual([
      { url: "https://shots.example/feed", view: 2, category: "Design", isPrivate: true, title: "My shots" },
    ]);
    expect(router.state.location.pathname).toBe(`/timeline/view-2/${created.feedId}`);
    expect(useSubscriptions.getState().byKey[created.feedId]).toEqual(created);
  });

  it("edits a subscription: the address is read-only, and only what changed is patched", async () => {
    const subscription = feedSubscription({ view: 0, category: "Design" });
    subscriptionsActions.replace([subscription]);
    const seen = fakeServer({ "GET /api/feeds": json(feedPreview()) });
    const { onDone } = renderForm({ subscription });
    expect((screen.getByLabelText("Feed address") as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole("combobox", { name: "Folder" }) as HTMLInputElement).value).toBe("Design");
    await screen.findByTestId("follow-preview");
    expect(seen.find((request) => request.path === "/api/feeds")?.query.get("id")).toBe(subscription.feedId);
    fireEvent.change(screen.getByLabelText("View"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(onDone).toHaveBeenCalled();
    await waitFor(() => expect(seen.find((request) => request.method === "PATCH")?.body).toEqual({ feedId: subscription.feedId, view: 3 }));
    expect(useSubscriptions.getState().byKey[subscription.feedId]?.view).toBe(3);
  });

  it("follows a list by id, showing its title, feeds count and fee", async () => {
    const created = listSubscription({ view: 1, title: "Makers" });
    const list = { ...created.lists, title: "Makers", fee: 5, description: "Workshops" };
    const seen = fakeServer({
      "GET /api/lists": json({ list, entries: [previewEntry("9", { title: "Lathe notes" })], readCount: 0, subscriptionCount: 4, feedCount: 7 }),
      "POST /api/subscriptions": json(created),
    });
    const { router } = renderForm({ listId: created.listId });
    const preview = await screen.findByTestId("follow-preview");
    expect(preview.textContent).toContain("Makers");
    expect(preview.textContent).toContain("7 feeds");
    expect(within(preview).getByTestId("list-fee").textContent).toBe("5 Power a month");
    expect(preview.textContent).toContain("Lathe notes");
    expect(screen.queryByLabelText("Feed address")).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Folder" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/timeline/view-1/list-${created.listId}`));
    expect(seen.find((request) => request.method === "POST")?.body).toEqual({ listId: created.listId, view: 1, category: null, isPrivate: false, title: null });
  });
});
