import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import app from "@tidings/i18n/locales/en/app.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { fakeServer, type SeenRequest } from "../follow/test-server.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { boostTotal, openBoostDialog } from "./boost-dialog.tsx";
import { boostStatus, ok, POWER_ON, refuse, units, wallet } from "./test-fixtures.ts";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

await i18next.init({ lng: "en", resources: { en: { app, errors } }, interpolation: { escapeValue: false } });

const FEED = "1700000000000000001";

function open(routes: Parameters<typeof fakeServer>[0] = {}) {
  const seen = fakeServer({
    ...POWER_ON,
    "GET /api/wallets": ok([wallet()]),
    "GET /api/boosts": ok(boostStatus()),
    "GET /api/boosts/boosters": ok([{ id: "1800000000000000123", name: "Ada", handle: "ada", image: null }]),
    ...routes,
  });
  renderPage(<ModalStack />);
  act(() => openBoostDialog({ feedId: FEED, title: "Harbour news" }));
  return seen;
}

const boosts = (seen: SeenRequest[]) => seen.filter((request) => request.method === "POST" && request.path === "/api/boosts").map((request) => request.body as Record<string, unknown>);

beforeEach(() => toast.success.mockClear());
afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

describe("boostTotal", () => {
  it("is the months times the monthly cost, in units", () => {
    expect(boostTotal({ monthlyBoostCost: units(10) }, 12)).toBe(BigInt(units(120)));
    expect(boostTotal({ monthlyBoostCost: "2500000000000000000" }, 3)).toBe(7_500_000_000_000_000_000n);
  });
});

describe("Boost dialog", () => {
  it("shows the feed's status, boosters and what each level brings", async () => {
    const seen = open();
    const dialog = await screen.findByRole("dialog", { name: "Boost feed" });
    const status = await within(dialog).findByTestId("boost-status");
    expect(status.textContent).toContain("Level 1 · 2 boosts");
    expect(status.textContent).toContain("3 more boosts to reach level 2");
    expect(await within(dialog).findByRole("listitem", { name: "Ada" })).toBeTruthy();
    expect(within(dialog).getByText("A boost badge on the feed")).toBeTruthy();
    expect(within(dialog).getByText("Fetched at least every hour")).toBeTruthy();
    expect(within(dialog).getByText("Listed first among Discover's trending feeds")).toBeTruthy();
    expect(seen.find((request) => request.path === "/api/boosts")?.query.get("feedId")).toBe(FEED);
  });

  it("totals months × the monthly cost and pays that in POWER", async () => {
    const seen = open({ "POST /api/boosts": ok({ expiresAt: "2026-07-01T00:00:00Z", transactionHash: "0xb" }) });
    const dialog = await screen.findByRole("dialog", { name: "Boost feed" });
    expect((await within(dialog).findByTestId("boost-total")).textContent).toBe("10");
    const months = within(dialog).getAllByRole("radio");
    expect(months.map((radio) => radio.parentElement?.textContent)).toEqual(["1 month", "3 months", "6 months", "12 months"]);
    await userEvent.click(within(dialog).getByRole("radio", { name: "6 months" }));
    expect(within(dialog).getByTestId("boost-total").textContent).toBe("60");
    await userEvent.click(within(dialog).getByRole("button", { name: "Boost" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(boosts(seen)).toEqual([{ feedId: FEED, amount: "60", idempotencyKey: expect.any(String) }]);
    expect(toast.success).toHaveBeenCalledWith(expect.stringContaining("Harbour news is boosted until"));
  });

  it("will not boost beyond the balance", async () => {
    open({ "GET /api/wallets": ok([wallet({ powerToken: units(50) })]) });
    const dialog = await screen.findByRole("dialog", { name: "Boost feed" });
    await within(dialog).findByTestId("boost-total");
    await userEvent.click(within(dialog).getByRole("radio", { name: "6 months" }));
    expect(await within(dialog).findByText("Your balance is not enough for this boost.")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Boost" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("retries with the TOTP code and the same key after 4008", async () => {
    const answers = [refuse(400, 4008, "Two factor code required"), ok({ expiresAt: "2026-07-01T00:00:00Z", transactionHash: "0xb" })];
    const seen = open({ "POST /api/boosts": () => answers.shift()!() });
    const dialog = await screen.findByRole("dialog", { name: "Boost feed" });
    await within(dialog).findByTestId("boost-total");
    await userEvent.click(within(dialog).getByRole("button", { name: "Boost" }));
    await userEvent.type(await within(dialog).findByLabelText("Authentication code"), "123456");
    await userEvent.click(within(dialog).getByRole("button", { name: "Boost" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const [first, second] = boosts(seen);
    expect(second).toEqual({ ...first, TOTPCode: "123456" });
  });
});
