import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FeedSubscription } from "@tidings/contracts";
import app from "@tidings/i18n/locales/en/app.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timelineItem } from "../../../test/helpers/entries.ts";
import { renderPage, renderRoutes } from "../../../test/helpers/render.tsx";
import { SettingsLayoutPage } from "../../pages/settings/settings-pages.tsx";
import { statusConfigsQuery } from "../../queries/status.ts";
import { entriesActions } from "../../store/entries.store.ts";
import { EntryToolbar } from "../entry-actions/index.ts";
import { fakeServer, feedSummary } from "../follow/test-server.ts";
import { UserMenu } from "../layout/user-menu.tsx";
import { modal, ModalStack } from "../modal/index.ts";
import { feedMenu, type MenuEnv } from "../subscription-column/menus.ts";
import { PowerIndex } from "./power-index.tsx";
import { PowerSettings } from "./power-settings.tsx";
import { SupportCreator } from "./support-creator.tsx";
import { achievement, ok, POWER_ON, wallet } from "./test-fixtures.ts";

await i18next.init({ lng: "en", resources: { en: { app, errors } }, interpolation: { escapeValue: false } });

const POWER_OFF = { ...POWER_ON, "GET /api/status/configs": ok({ POWER: false }) };
const DATA = {
  "GET /api/wallets": ok([wallet()]),
  "GET /api/wallets/transactions/claim-check": ok(true),
  "GET /api/wallets/transactions": ok([], { nextCursor: null }),
  "GET /api/achievement": () => Response.json({ code: 0, data: [achievement(0, { type: "completed", progress: 1 })], done: 1, total: 1 }),
};

const settingsTabs = async (routes: typeof POWER_ON) => {
  fakeServer(routes);
  const { queryClient } = renderRoutes([{ path: "/settings", element: <SettingsLayoutPage />, children: [{ path: ":tab", element: <p>tab</p> }] }], "/settings/general");
  await waitFor(() => expect(queryClient.getQueryState(statusConfigsQuery.queryKey)?.status).toBe("success"));
  const nav = screen.getByRole("navigation", { name: "Settings" });
  return () => within(nav).getAllByRole("link").map((link) => link.textContent);
};

const subscription = { feedId: "1700000000000000001", view: 0, category: null, title: null, feeds: feedSummary({ title: "Harbour news" }) } as unknown as FeedSubscription;
const menuEnv = (power: boolean): MenuEnv => ({ view: 0, userId: "me", categories: [], go: () => undefined, copy: () => undefined, onRemoved: () => undefined, ownedLists: { status: "success", lists: [] }, power });
const labels = (items: ReturnType<typeof feedMenu>) => items.flatMap((item) => ("label" in item ? [item.label] : []));

beforeEach(() => entriesActions.clear());
afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

describe("POWER off (status/configs POWER: false)", () => {
  it("says so on the /power page", async () => {
    fakeServer({ ...POWER_OFF, ...DATA });
    renderPage(<PowerIndex />);
    expect((await screen.findByTestId("power-off")).textContent).toBe("Power is turned off on this server.");
    expect(screen.queryByRole("button", { name: "Claim Daily Power" })).toBeNull();
  });

  it("hides the settings tab, the user menu items, the Tip action and Boost feed", async () => {
    const tabs = await settingsTabs(POWER_OFF);
    expect(tabs()).toContain("RSSHub");
    expect(tabs()).not.toContain("Power");

    const id = timelineItem().entries.id;
    entriesActions.upsertItems([timelineItem({ entry: { id } })]);
    renderPage(
      <>
        <UserMenu />
        <EntryToolbar entryId={id} view={0} />
        <PowerIndex />
      </>,
    );
    await screen.findByTestId("account-name");
    // The configs have arrived (and said off) once the page says so.
    await screen.findByTestId("power-off");
    expect(screen.queryByRole("button", { name: "Achievements" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Power" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "More actions" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).queryByRole("menuitem", { name: /^Tip/ })).toBeNull();

    expect(labels(feedMenu(subscription, menuEnv(false)))).not.toContain("Boost feed");
  });
});

describe("POWER on", () => {
  it("shows the Power tab after RSSHub", async () => {
    const tabs = await settingsTabs(POWER_ON);
    await waitFor(() => expect(tabs()).toContain("Power"));
    expect(tabs().indexOf("Power")).toBe(tabs().indexOf("RSSHub") + 1);
  });

  it("is Settings → Power: the balance, the claim, a link to /power and the achievements", async () => {
    fakeServer({ ...POWER_ON, ...DATA });
    renderPage(<PowerSettings />);
    expect(screen.getByRole("heading", { name: "Power", level: 2 })).toBeTruthy();
    expect((await screen.findByTestId("power-balance")).textContent).toBe("100");
    expect(screen.getByRole("button", { name: "Claim Daily Power" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the Power page" }).getAttribute("href")).toBe("/power");
    expect(await screen.findByRole("button", { name: "Claim" })).toBeTruthy();
  });

  it("offers Achievements and Power in the user menu, Tip on entries and Boost feed on feeds", async () => {
    fakeServer({ ...POWER_ON, ...DATA });
    const item = timelineItem();
    entriesActions.upsertItems([item]);
    renderPage(
      <>
        <UserMenu />
        <EntryToolbar entryId={item.entries.id} view={0} />
        <ModalStack />
      </>,
    );
    expect((await screen.findByRole("link", { name: "Power" })).getAttribute("href")).toBe("/power");
    await userEvent.click(screen.getByRole("button", { name: "Achievements" }));
    const achievements = await screen.findByRole("dialog", { name: "Achievements" });
    expect(await within(achievements).findByRole("button", { name: "Claim" })).toBeTruthy();
    modal.dismissAll();

    await userEvent.click(await screen.findByRole("button", { name: "More actions" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: /^Tip/ }));
    expect(await screen.findByRole("dialog", { name: "Tip" })).toBeTruthy();

    expect(labels(feedMenu(subscription, menuEnv(true)))).toContain("Boost feed");
  });
});

describe("Support the creator", () => {
  it("offers Tip and Boost feed under an entry of a feed, only with POWER on", async () => {
    fakeServer({ ...POWER_ON, ...DATA, "GET /api/boosts": ok({ level: 0, monthlyBoostCost: "10000000000000000000", boostCount: 0, remainingBoostsToLevelUp: 1, lastValidBoost: null }) });
    const { queryClient } = renderPage(
      <>
        <SupportCreator entryId="1900000000000000001" feedId="1700000000000000001" title="Ship arrival" />
        <ModalStack />
      </>,
    );
    // The block only reads what the app knows: nothing until the configs are loaded elsewhere.
    expect(screen.queryByRole("region", { name: "Support the creator" })).toBeNull();
    await queryClient.fetchQuery(statusConfigsQuery);
    const block = await screen.findByRole("region", { name: "Support the creator" });
    await userEvent.click(within(block).getByRole("button", { name: "Tip" }));
    expect(await screen.findByRole("dialog", { name: "Tip" })).toBeTruthy();
    modal.dismissAll();
    await userEvent.click(await within(block).findByRole("button", { name: "Boost feed" }));
    expect(await screen.findByRole("dialog", { name: "Boost feed" })).toBeTruthy();
  });

  it("is absent when POWER is off", async () => {
    fakeServer(POWER_OFF);
    const { queryClient } = renderPage(<SupportCreator entryId="1900000000000000001" feedId="1700000000000000001" title="Ship arrival" />);
    await queryClient.fetchQuery(statusConfigsQuery);
    expect(screen.queryByRole("region", { name: "Support the creator" })).toBeNull();
  });
});
