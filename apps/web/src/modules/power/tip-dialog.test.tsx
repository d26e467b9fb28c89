import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import app from "@tidings/i18n/locales/en/app.json";
import errors from "@tidings/i18n/locales/en/errors.json";
import i18next from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { sourcesActions } from "../../store/sources.store.ts";
import { feedSummary, fakeServer, type SeenRequest } from "../follow/test-server.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { ok, POWER_ON, refuse, units, wallet } from "./test-fixtures.ts";
import { openTipDialog } from "./tip-dialog.tsx";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

await i18next.init({ lng: "en", resources: { en: { app, errors } }, interpolation: { escapeValue: false } });

const FEED = "1700000000000000001";
const ENTRY = "1900000000000000001";
const SENTENCE = "Your balance is not enough to cover this tip. Please adjust the amount.";

function open(routes: Parameters<typeof fakeServer>[0] = {}, ownerUserId: string | null = null) {
  const seen = fakeServer({ ...POWER_ON, "GET /api/wallets": ok([wallet()]), ...routes });
  sourcesActions.upsert([feedSummary({ id: FEED, title: "Harbour news", ownerUserId })]);
  renderPage(<ModalStack />);
  act(() => openTipDialog({ entryId: ENTRY, feedId: FEED, title: "Ship arrival" }));
  return seen;
}

/** Answers the tip route with each response in turn. */
const inTurn = (...answers: (() => Response)[]) => () => answers.shift()!();
const tips = (seen: SeenRequest[]) => seen.filter((request) => request.path === "/api/wallets/transactions/tip").map((request) => request.body as Record<string, unknown>);
const dialog = () => screen.findByRole("dialog", { name: "Tip" });

beforeEach(() => {
  toast.success.mockClear();
  sourcesActions.clear();
});
afterEach(() => {
  modal.dismissAll();
  vi.unstubAllGlobals();
});

describe("Tip dialog", () => {
  it("offers 10 (chosen) and 20, shows the balance and that an unclaimed feed keeps the tip", async () => {
    open();
    const tip = await dialog();
    expect((within(tip).getByRole("radio", { name: "10 Power" }) as HTMLInputElement).checked).toBe(true);
    expect(within(tip).getByRole("radio", { name: "20 Power" })).toBeTruthy();
    expect((await within(tip).findByTestId("tip-balance")).textContent).toBe("100");
    expect(within(tip).getByTestId("tip-feed-status").textContent).toBe("Tips wait for the feed's owner to claim it");
  });

  it("says a claimed feed's tip goes to its owner", async () => {
    open({}, "1800000000000000777");
    expect((await within(await dialog()).findByTestId("tip-feed-status")).textContent).toBe("Harbour news is claimed: your tip goes to its owner.");
  });

  it("sends the tip, thanks, closes and refreshes the wallet", async () => {
    const seen = open({ "POST /api/wallets/transactions/tip": ok({ transactionHash: "0xabc" }) });
    const tip = await dialog();
    await within(tip).findByTestId("tip-balance");
    const walletReads = () => seen.filter((request) => request.method === "GET" && request.path === "/api/wallets").length;
    const before = walletReads();
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toast.success).toHaveBeenCalledWith("You tipped 10 Power");
    const [body] = tips(seen);
    expect(body).toEqual({ amount: "10", entryId: ENTRY, idempotencyKey: expect.any(String) });
    await waitFor(() => expect(walletReads()).toBeGreaterThan(before));
  });

  it("shows the spec's sentence under the amount on 4002, and a new amount is a new attempt", async () => {
    const seen = open({ "POST /api/wallets/transactions/tip": inTurn(refuse(400, 4002, "Insufficient balance"), ok({ transactionHash: "0xabc" })) });
    const tip = await dialog();
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    const alert = await within(tip).findByRole("alert");
    expect(alert.textContent).toBe(SENTENCE);
    expect(within(tip).getByRole("group", { name: "Amount" }).contains(alert)).toBe(true);
    expect((within(tip).getByRole("button", { name: "Send tip" }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(within(tip).getByRole("radio", { name: "20 Power" }));
    expect(within(tip).queryByRole("alert")).toBeNull();
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    await waitFor(() => expect(tips(seen)).toHaveLength(2));
    const [first, second] = tips(seen);
    expect(second!.amount).toBe("20");
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it("says so before sending when the balance cannot cover the amount", async () => {
    open({ "GET /api/wallets": ok([wallet({ powerToken: units(15) })]) });
    const tip = await dialog();
    await within(tip).findByTestId("tip-balance");
    await userEvent.click(within(tip).getByRole("radio", { name: "20 Power" }));
    expect(within(tip).getByRole("alert").textContent).toBe(SENTENCE);
    expect((within(tip).getByRole("button", { name: "Send tip" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for the TOTP code on 4008 and retries the same attempt with the same idempotency key", async () => {
    const seen = open({
      "POST /api/wallets/transactions/tip": inTurn(refuse(400, 4008, "Two factor code required"), refuse(400, 4007, "Invalid two factor code"), ok({ transactionHash: "0xabc" })),
    });
    const tip = await dialog();
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    const code = await within(tip).findByLabelText("Authentication code");
    expect(within(tip).queryByRole("alert")).toBeNull();
    await userEvent.type(code, "123456");
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    expect((await within(tip).findByRole("alert")).textContent).toBe("Invalid TOTP code.");
    await userEvent.clear(code);
    await userEvent.type(code, "654321");
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    const bodies = tips(seen);
    expect(bodies.map((body) => body.TOTPCode)).toEqual([undefined, "123456", "654321"]);
    expect(new Set(bodies.map((body) => body.idempotencyKey)).size).toBe(1);
    expect(bodies[0]!.idempotencyKey).toEqual(expect.any(String));
  });

  it("sends another amount typed in, and refuses one that is not an amount", async () => {
    const seen = open({ "POST /api/wallets/transactions/tip": ok({ transactionHash: "0xabc" }) });
    const tip = await dialog();
    await userEvent.click(within(tip).getByRole("radio", { name: "Other amount" }));
    const field = within(tip).getByRole("textbox", { name: "Amount of Power" });
    await userEvent.type(field, "abc");
    expect(within(tip).getByRole("alert").textContent).toBe("Enter an amount of Power above zero, such as 10 or 2.5.");
    await userEvent.clear(field);
    await userEvent.type(field, "2.5");
    await userEvent.click(within(tip).getByRole("button", { name: "Send tip" }));
    await waitFor(() => expect(tips(seen)[0]?.amount).toBe("2.5"));
  });
});
