import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { fakeServer } from "../follow/test-server.ts";
import { AchievementsList } from "./achievements-list.tsx";
import { achievement, ok, POWER_ON } from "./test-fixtures.ts";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const LIST = [
  achievement(1, { type: "incomplete" }),
  achievement(0, { type: "completed", progress: 1, done: true }),
  achievement(11, { type: "incomplete", progress: 40, progressMax: 100 }),
  achievement(5, { type: "incomplete" }),
  achievement(8, { type: "received", progress: 1, done: true, tx: "0xfeed" }),
  achievement(10, { type: "audit" }),
];

function render(routes: Parameters<typeof fakeServer>[0] = {}) {
  const seen = fakeServer({ ...POWER_ON, "GET /api/achievement": () => Response.json({ code: 0, data: LIST, done: 2, total: 6 }), ...routes });
  renderPage(<AchievementsList />);
  return seen;
}

const row = async (name: string) => screen.findByRole("listitem", { name });
const buttons = (element: HTMLElement) => within(element).queryAllByRole("button").map((button) => button.textContent);

beforeEach(() => toast.success.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe("Achievements", () => {
  it("lists every achievement with its progress, and Claim only on completed ones", async () => {
    const seen = render();
    expect((await screen.findByTestId("achievements-done")).textContent).toBe("2 of 6 done");
    expect(seen.find((request) => request.path === "/api/achievement")?.query.get("type")).toBe("all");
    const names = screen.getAllByTestId("achievement").map((item) => item.getAttribute("aria-label"));
    expect(names[0]).toBe("Feed Owner");

    expect(buttons(await row("Feed Owner"))).toEqual(["Claim"]);
    expect(buttons(await row("List Creator"))).toEqual(["Check"]);
    const reader = await row("Reader");
    expect(buttons(reader)).toEqual(["Check"]);
    expect(within(reader).getByRole("progressbar", { name: "Progress of Reader" }).getAttribute("aria-valuenow")).toBe("40");
    expect(within(reader).getByText("40 / 100")).toBeTruthy();
    expect(buttons(await row("Feed Booster"))).toEqual([]);
    expect(within(await row("Feed Booster")).getByText("Claimed")).toBeTruthy();
    expect(buttons(await row("First follow"))).toEqual([]);
    expect(within(await row("First follow")).getByText("Under review")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Claim" })).toHaveLength(1);
  });

  it("claims a completed achievement's reward", async () => {
    const seen = render({ "PUT /api/achievement": ok({ actionId: 0, result: true, transactionHash: "0xa" }) });
    await userEvent.click(within(await row("Feed Owner")).getByRole("button", { name: "Claim" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("You claimed the reward of Feed Owner"));
    expect(seen.filter((request) => request.method === "PUT").map((request) => request.body)).toEqual([{ actionId: 0 }]);
  });

  it("checks the progress again and says how far it is", async () => {
    const seen = render({ "POST /api/achievement/check": ok(achievement(11, { progress: 60, progressMax: 100 })) });
    await userEvent.click(within(await row("Reader")).getByRole("button", { name: "Check" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Reader: 60 of 100 so far."));
    expect(seen.find((request) => request.path === "/api/achievement/check")?.body).toEqual({ actionId: 11 });
  });

  it("sends the text the reviewed achievement asks for", async () => {
    const seen = render({ "POST /api/achievement/audit": ok(achievement(5, { type: "audit" })) });
    const tell = await row("Tell us how you use Tidings");
    expect(buttons(tell)).toEqual(["Submit for review"]);
    await userEvent.type(within(tell).getByLabelText("How do you use Tidings?"), "Morning news with coffee");
    await userEvent.click(within(tell).getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(seen.find((request) => request.path === "/api/achievement/audit")?.body).toEqual({ actionId: 5, payload: { text: "Morning news with coffee" } }));
    expect(toast.success).toHaveBeenCalledWith("Sent for review. An admin will look at it soon.");
  });
});
