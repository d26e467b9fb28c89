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

  describe("a list", () => {
    const created = listSubscription({ view: 1, title: "Makers" });
    const makers = { ...created.lists, title: "Makers", fee: 5, description: "Workshops", ownerUserId: "owner-1" };
    /** GET /lists answered for the list (with `over`), the session of reader "me", and POWER on or off. */
    const listServer = (over: { list?: Partial<typeof makers>; subscription?: object; power?: boolean; follow?: () => Response } = {}) =>
      fakeServer({
        "GET /api/lists": json({
          list: { ...makers, ...over.list },
          entries: [previewEntry("9", { title: "Lathe notes" })],
          readCount: 0,
          subscriptionCount: 4,
          feedCount: 7,
          ...(over.subscription ? { subscription: over.subscription } : {}),
        }),
        "GET /api/status/configs": json(over.power === false ? {} : { POWER: true }),
        "GET /api/better-auth/get-session": () => Response.json({ user: { id: "me" }, session: { id: "s", userId: "me", expiresAt: "2099-01-01T00:00:00Z", token: "" }, role: "user", invitation: null }),
        "POST /api/subscriptions": over.follow ?? json(created),
      });
    const followButton = () => screen.getByRole("button", { name: /^Follow/ }) as HTMLButtonElement;
    const ready = () => waitFor(() => expect(followButton().disabled).toBe(false));

    it("follows a paid list by id, saying what it costs before the reader pays", async () => {
      const seen = listServer();
      const { router } = renderForm({ listId: created.listId });
      const preview = await screen.findByTestId("follow-preview");
      expect(preview.textContent).toContain("Makers");
      expect(preview.textContent).toContain("7 feeds");
      expect(preview.textContent).toContain("Lathe notes");
      expect(screen.queryByLabelText("Feed address")).toBeNull();
      expect(screen.queryByRole("combobox", { name: "Folder" })).toBeNull();
      await ready();
      expect(within(preview).getByTestId("list-fee").textContent).toBe("5 POWER, paid once");
      expect(screen.getByTestId("list-fee-notice").textContent).toBe("Following this list costs 5 POWER, paid once to its owner.");
      expect(followButton().textContent).toBe("Follow for 5 POWER");
      fireEvent.click(screen.getByRole("button", { name: "Follow for 5 POWER" }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/timeline/view-1/list-${created.listId}`));
      expect(seen.find((request) => request.method === "POST")?.body).toEqual({ listId: created.listId, view: 1, category: null, isPrivate: false, title: null });
    });

    it("waits for the list and the instance's configs before it may be followed", async () => {
      listServer();
      renderForm({ listId: created.listId });
      expect(followButton().disabled).toBe(true);
      await ready();
    });

    it("says nothing of a fee for a free list, the reader's own, one already followed, or with POWER off", async () => {
      const cases = [
        { list: { fee: 0 } },
        { list: { ownerUserId: "me" } },
        { subscription: { view: 1, title: null, isPrivate: false } },
        { power: false },
      ];
      for (const over of cases) {
        listServer(over);
        const { unmount } = renderForm({ listId: created.listId });
        await screen.findByTestId("follow-preview");
        await ready();
        expect(screen.queryByTestId("list-fee-notice"), JSON.stringify(over)).toBeNull();
        expect(followButton().textContent).toBe("Follow");
        if (over.power === false || over.list?.fee === 0) expect(screen.getByTestId("list-fee").textContent).toBe("Free");
        unmount();
        vi.unstubAllGlobals();
      }
    });

    it("says under the form when the balance is short (4002), and stays open", async () => {
      listServer({ follow: () => Response.json({ code: 4002, message: "Insufficient balance" }, { status: 400 }) });
      const { onDone } = renderForm({ listId: created.listId });
      await ready();
      fireEvent.click(followButton());
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toBe("Your balance is not enough to follow this list.");
      // Under the form: after the fee notice, before the buttons.
      expect(screen.getByTestId("list-fee-notice").compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(alert.compareDocumentPosition(followButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(onDone).not.toHaveBeenCalled();
      expect(followButton().disabled).toBe(false);
    });
  });
});
