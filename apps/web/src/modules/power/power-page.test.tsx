import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { fakeServer, type SeenRequest } from "../follow/test-server.ts";
import { PowerIndex } from "./power-index.tsx";
import { ME, ok, POWER_ON, refuse, transaction, units, wallet } from "./test-fixtures.ts";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

function render(routes: Parameters<typeof fakeServer>[0] = {}) {
  const seen = fakeServer({
    ...POWER_ON,
    "GET /api/wallets": ok([wallet()]),
    "GET /api/wallets/transactions/claim-check": ok(true),
    "GET /api/wallets/transactions": ok([], { nextCursor: null }),
    "GET /api/wallets/ranking": ok([]),
    ...routes,
  });
  renderPage(<PowerIndex />, "/power");
  return seen;
}

const historyReads = (seen: SeenRequest[]) => seen.filter((request) => request.path === "/api/wallets/transactions").map((request) => Object.fromEntries(request.query));
const claimButton = () => screen.findByRole("button", { name: "Claim Daily Power" }) as Promise<HTMLButtonElement>;

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe("Balance card", () => {
  it("shows the balance, its parts, the level with the activity multiplier and today's reward", async () => {
    render();
    expect((await screen.findByTestId("power-balance")).textContent).toBe("100");
    expect(screen.getByTestId("power-daily").textContent).toBe("40");
    expect(screen.getByTestId("power-cashable").textContent).toBe("60");
    // 25 activity points: 1× plus one step per 10 points.
    expect(screen.getByTestId("power-level").textContent).toBe("Lv. 2×3");
    expect(screen.getByTestId("power-today").textContent).toBe("12.5");
    expect(screen.getByText("Rank #3")).toBeTruthy();
  });

  it("claims the daily Power while claim-check says so, then turns the button off", async () => {
    let claimable = true;
    const seen = render({
      "GET /api/wallets/transactions/claim-check": () => Response.json({ code: 0, data: claimable }),
      "POST /api/wallets/transactions/claim_daily": () => {
        claimable = false;
        return Response.json({ code: 0, data: { transactionHash: "0x1" } });
      },
    });
    const button = await claimButton();
    await waitFor(() => expect(button.disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("You claimed 12.5 Power"));
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(seen.filter((request) => request.path === "/api/wallets/transactions/claim_daily").map((request) => request.method)).toEqual(["POST"]);
    expect(await screen.findByText("Nothing to claim right now. Come back tomorrow.")).toBeTruthy();
  });

  it("keeps the button off when claim-check is false", async () => {
    render({ "GET /api/wallets/transactions/claim-check": ok(false) });
    await screen.findByText("Nothing to claim right now. Come back tomorrow.");
    expect((await claimButton()).disabled).toBe(true);
  });

  it("shows a refused claim as an error toast", async () => {
    render({ "POST /api/wallets/transactions/claim_daily": refuse(409, 4005, "Daily power calculation in progress") });
    const button = await claimButton();
    await waitFor(() => expect(button.disabled).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe("History", () => {
  it("lists the reader's transactions a page at a time, following nextCursor", async () => {
    const seen = render({
      "GET /api/wallets/transactions": (request) =>
        request.query.get("cursor") === "c1"
          ? Response.json({ code: 0, data: [transaction("0x3333333333333333333333333333", { type: "mint", fromUserId: null, toUserId: ME, toFeedId: null, toFeed: null, powerToken: units(5) })], nextCursor: null })
          : Response.json({
              code: 0,
              data: [
                transaction("0x1111111111111111111111111111"),
                transaction("0x2222222222222222222222222222", { fromUserId: "1800000000000000123", fromUser: { id: "1800000000000000123", name: "Ada", handle: "ada", image: null }, toUserId: ME, toFeedId: null, toFeed: null }),
              ],
              nextCursor: "c1",
            }),
    });
    const table = await screen.findByRole("table", { name: "Transactions" });
    await waitFor(() => expect(within(table).getAllByTestId("power-transaction")).toHaveLength(2));
    const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((cell) => cell.textContent);
    const [first, second] = within(table).getAllByTestId("power-transaction");
    expect(cells(first!).slice(0, 4)).toEqual(["Tip", "−10", "You", "Harbour news"]);
    expect(cells(first!)[5]).toBe("0x1111…1111");
    expect(cells(second!).slice(0, 4)).toEqual(["Tip", "10", "Ada", "You"]);
    expect(historyReads(seen)[0]).toEqual({ fromOrToUserId: ME, limit: "20" });

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(table).getAllByTestId("power-transaction")).toHaveLength(3));
    expect(cells(within(table).getAllByTestId("power-transaction")[2]!).slice(0, 4)).toEqual(["Mint", "5", "This server", "You"]);
    expect(historyReads(seen)[1]).toEqual({ fromOrToUserId: ME, limit: "20", cursor: "c1" });
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("asks for one type when a filter is chosen", async () => {
    const seen = render();
    const filters = await screen.findByRole("group", { name: "Transaction type" });
    expect(within(filters).getAllByRole("button").map((button) => button.textContent)).toEqual(["All", "Mint", "Purchase", "Tip", "Withdraw", "Airdrop"]);
    await waitFor(() => expect(historyReads(seen)).toHaveLength(1));
    await userEvent.click(within(filters).getByRole("button", { name: "Purchase" }));
    await waitFor(() => expect(historyReads(seen).at(-1)).toEqual({ type: "purchase", fromOrToUserId: ME, limit: "20" }));
    expect(within(filters).getByRole("button", { name: "Purchase" }).getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByText("No transactions yet.")).toBeTruthy();
  });
});

describe("Ranking", () => {
  it("shows rank, name, level and Power, the reader's row marked", async () => {
    render({
      "GET /api/wallets/ranking": ok([
        { rank: 1, userId: "1800000000000000123", user: { id: "1800000000000000123", name: "Ada", handle: "ada", image: null }, powerToken: units(500), address: "0x1", level: 5 },
        { rank: 2, userId: ME, user: { id: ME, name: "Me", handle: "me", image: null }, powerToken: units(100), address: "0x2", level: 2 },
      ]),
    });
    const table = await screen.findByRole("table", { name: "Ranking" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["1", "AAda", "Lv. 5", "500"]);
    expect(rows[1]!.getAttribute("aria-current")).toBe("true");
  });
});
