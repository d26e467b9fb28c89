import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { modal, ModalStack } from "../modal/index.ts";
import { withTwoFactorCode } from "./totp-prompt.tsx";

const failure = (code: number) => new ApiError({ method: "POST", url: "/api/invitations/new", status: 400, body: { code: code as never, message: `code ${code}` } });

afterEach(() => modal.dismissAll());

describe("withTwoFactorCode (spec §8: 4007/4008 ask for the code, no toast)", () => {
  it("answers at once when no code is asked for", async () => {
    const action = vi.fn(async () => "DONE");
    await expect(withTwoFactorCode(action)).resolves.toBe("DONE");
    expect(action).toHaveBeenCalledWith();
  });

  it("asks for the code on 4008, shows 'Invalid TOTP code.' on 4007 and retries until it is right", async () => {
    const action = vi.fn(async (code?: string) => {
      if (!code) throw failure(4008);
      if (code !== "123456") throw failure(4007);
      return "CODE1";
    });
    renderPage(<ModalStack />);
    const result = withTwoFactorCode(action);
    const field = await screen.findByLabelText("Authentication code");
    const verify = screen.getByRole("button", { name: "Verify" });
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, "000000");
    await userEvent.click(verify);
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid TOTP code.");
    await userEvent.clear(field);
    await userEvent.type(field, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await expect(result).resolves.toBe("CODE1");
    expect(action.mock.calls.map((call) => call[0])).toEqual([undefined, "000000", "123456"]);
    expect(screen.queryByLabelText("Authentication code")).toBeNull();
  });

  it("rejects with an AbortError when the prompt is closed, and passes other errors through", async () => {
    renderPage(<ModalStack />);
    const closed = withTwoFactorCode(async () => Promise.reject(failure(4008)));
    await screen.findByLabelText("Authentication code");
    modal.dismissAll();
    await expect(closed).rejects.toMatchObject({ name: "AbortError" });
    await expect(withTwoFactorCode(async () => Promise.reject(failure(5000)))).rejects.toMatchObject({ code: 5000 });
  });
});
