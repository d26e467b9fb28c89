import "fake-indexeddb/auto";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { subscriptionsActions, useSubscriptions } from "../../store/subscriptions.store.ts";
import { feedSubscription } from "../subscription-column/test-fixtures.ts";
import { FollowForm } from "./follow-form.tsx";

// Error texts come from the app's i18next instance (the errors namespace), as in the app.
await i18next.init({ lng: "en", resources: { en: { errors } }, interpolation: { escapeValue: false } });

let db: TidingsDatabase;
const posted: unknown[] = [];

function server(reply: () => Response) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === "/api/subscriptions" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return reply();
      }
      return Response.json({ code: 0, data: url.startsWith("/api/reads") ? {} : [] });
    }),
  );
}

function renderForm(onDone = vi.fn()) {
  const view = renderRoutes(
    [
      { path: "/timeline/view-2/all", element: <FollowForm view={2} onDone={onDone} /> },
      { path: "/timeline/:view/:target", element: <p>timeline opened</p> },
    ],
    "/timeline/view-2/all",
  );
  registerQueryClient(view.queryClient);
  return { ...view, onDone };
}

beforeEach(() => {
  posted.length = 0;
  db = new TidingsDatabase(`follow-${Math.random()}`);
  setDatabaseForTests(db);
  subscriptionsActions.replace([feedSubscription({ category: "Design" })]);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

describe("FollowForm", () => {
  it("refuses an address that is not http(s) or rsshub:// without asking the server", async () => {
    server(() => Response.json({ code: 0 }));
    renderForm();
    fireEvent.change(screen.getByLabelText("Feed address"), { target: { value: "ftp://example.com/feed" } });
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    expect((await screen.findByRole("alert")).textContent).toContain("http://, https:// or rsshub://");
    expect(posted).toEqual([]);
  });

  it("shows the server's error under the address, translated by its code, with the reason", async () => {
    server(() => Response.json({ code: 2003, message: "Feed fetch error", reason: "HTTP 404 from example.com" }, { status: 400 }));
    const { onDone } = renderForm();
    fireEvent.change(screen.getByLabelText("Feed address"), { target: { value: "https://example.com/missing.xml" } });
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Feed fetch error");
    expect(alert.textContent).toContain("HTTP 404 from example.com");
    expect(onDone).not.toHaveBeenCalled();
  });

  it("follows with the chosen view, folder and privacy, then opens the new feed's timeline", async () => {
    const created = feedSubscription({ view: 2, category: "Design", title: "Shots" });
    server(() => Response.json({ code: 0, feed: created.feeds, list: null, data: created }));
    const { onDone, router } = renderForm();
    expect((screen.getByLabelText("View") as HTMLSelectElement).value).toBe("2");
    fireEvent.change(screen.getByLabelText("Feed address"), { target: { value: "shots.example/feed" } });
    fireEvent.change(screen.getByLabelText("Folder"), { target: { value: "Design" } });
    fireEvent.click(screen.getByRole("switch"));
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted).toEqual([{ url: "https://shots.example/feed", view: 2, category: "Design", isPrivate: true, title: null }]);
    expect(router.state.location.pathname).toBe(`/timeline/view-2/${created.feedId}`);
    expect(useSubscriptions.getState().byKey[created.feedId]).toEqual(created);
  });
});
