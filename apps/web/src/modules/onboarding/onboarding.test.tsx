import "fake-indexeddb/auto";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import app from "@tidings/i18n/locales/en/app.json";
import common from "@tidings/i18n/locales/en/common.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import shortcuts from "@tidings/i18n/locales/en/shortcuts.json";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { createQueryClient } from "../../lib/query-client.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { storage } from "../../lib/storage.ts";
import { subscriptionsActions, useSubscriptions } from "../../store/subscriptions.store.ts";
import { guideStorageName, isGuideDone, markGuideDone, shouldShowGuide } from "./guide-state.ts";
import { NewUserGuide } from "./new-user-guide.tsx";

await i18next.use(initReactI18next).init({ lng: "en", resources: { en: { app, common, errors, shortcuts } }, defaultNS: "common", interpolation: { escapeValue: false } });

/** Renders at `path` with the shortcut names too (the shared render helper has no "shortcuts"). */
function renderRoutes(routes: { path: string; element: React.ReactNode }[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

describe("when the guide shows", () => {
  it("only to a reader who follows nothing and never ended it", () => {
    expect(shouldShowGuide({ done: false, subscriptionsLoaded: true, subscriptionCount: 0 })).toBe(true);
    expect(shouldShowGuide({ done: true, subscriptionsLoaded: true, subscriptionCount: 0 })).toBe(false);
    expect(shouldShowGuide({ done: false, subscriptionsLoaded: false, subscriptionCount: 0 })).toBe(false);
    expect(shouldShowGuide({ done: false, subscriptionsLoaded: true, subscriptionCount: 3 })).toBe(false);
  });

  it("remembers per reader", () => {
    storage.remove(guideStorageName("a"));
    markGuideDone("a");
    expect(isGuideDone("a")).toBe(true);
    expect(isGuideDone("b")).toBe(false);
    expect(localStorage.getItem("tidings:onboarding:a")).toBe("done");
  });
});

describe("NewUserGuide", () => {
  beforeEach(() => {
    localStorage.clear();
    useSubscriptions.setState({ byKey: {}, loaded: false });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: string) => {
        const url = String(input);
        if (url.includes("get-session")) return Response.json({ user: { id: "me", name: "Me", email: "me@example.com" }, session: { token: "" }, role: "user" });
        if (url.startsWith("/api/trending")) return Response.json({ code: 0, data: { trendingFeeds: [], trendingLists: [], trendingEntries: [], trendingUsers: [] } });
        return Response.json({ code: 0, data: null });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderGuide = () => {
    const view = renderRoutes([{ path: "*", element: <NewUserGuide /> }], "/timeline/view-0/all");
    registerQueryClient(view.queryClient);
    return view;
  };

  it("greets a new reader once subscriptions are known, walks the steps, and Escape ends it for good", async () => {
    renderGuide();
    await waitFor(() => expect(screen.queryByTestId("new-user-guide")).toBeNull());
    act(() => subscriptionsActions.replace([]));
    const guide = await screen.findByTestId("new-user-guide");
    expect(guide.textContent).toContain("Pick your view");
    fireEvent.click(screen.getByRole("radio", { name: "Videos" }));
    expect(screen.getByRole("radio", { name: "Videos" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(guide.textContent).toContain("Bring your feeds");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(guide.textContent).toContain("Read with the keyboard");
    expect(guide.textContent).toContain("Next entry");

    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(screen.queryByTestId("new-user-guide")).toBeNull());
    expect(isGuideDone("me")).toBe(true);
  });

  it("finishes on the chosen view's timeline", async () => {
    const { router } = renderGuide();
    act(() => subscriptionsActions.replace([]));
    await screen.findByTestId("new-user-guide");
    fireEvent.click(screen.getByRole("radio", { name: "Pictures" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Start reading" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/timeline/view-2/all"));
    expect(screen.queryByTestId("new-user-guide")).toBeNull();
    expect(isGuideDone("me")).toBe(true);
  });

  it("stays away once done", async () => {
    markGuideDone("me");
    renderGuide();
    act(() => subscriptionsActions.replace([]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("new-user-guide")).toBeNull();
  });
});
