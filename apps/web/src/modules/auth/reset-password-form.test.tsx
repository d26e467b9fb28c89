import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../../../test/helpers/render.tsx";
import { fakeServer } from "../account/test-server.ts";
import { ResetPasswordForm } from "./reset-password-form.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderForm(token: string | null) {
  return renderRoutes(
    [
      { path: "/reset-password", element: <ResetPasswordForm token={token} /> },
      { path: "/login", element: <p>login page</p> },
    ],
    "/reset-password",
  );
}

describe("ResetPasswordForm", () => {
  it("says the link is broken when there is no token", async () => {
    renderForm(null);
    expect((await screen.findByRole("alert")).textContent).toContain("incomplete or has expired");
  });

  it("keeps submit disabled until the password is long enough and typed twice the same", async () => {
    renderForm("tok");
    const submit = await screen.findByRole("button", { name: "Save the new password" });
    await userEvent.type(screen.getByLabelText("New password"), "short");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("New password"), "-but-long");
    await userEvent.type(screen.getByLabelText("Repeat the new password"), "different");
    expect(screen.getByRole("alert").textContent).toBe("The passwords do not match.");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText("Repeat the new password"));
    await userEvent.type(screen.getByLabelText("Repeat the new password"), "short-but-long");
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it("sends the token with the new password, then goes to /login", async () => {
    const seen = fakeServer({ "POST /api/better-auth/reset-password": () => Response.json({ status: true }) });
    const { router } = renderForm("tok");
    await userEvent.type(await screen.findByLabelText("New password"), "brand new pass");
    await userEvent.type(screen.getByLabelText("Repeat the new password"), "brand new pass");
    await userEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(seen[0]!.body).toEqual({ newPassword: "brand new pass", token: "tok" });
  });

  it("shows the server's refusal of an expired token under the field", async () => {
    fakeServer({ "POST /api/better-auth/reset-password": () => Response.json({ message: "Invalid token", code: "INVALID_TOKEN" }, { status: 400 }) });
    renderForm("old");
    await userEvent.type(await screen.findByLabelText("New password"), "brand new pass");
    await userEvent.type(screen.getByLabelText("Repeat the new password"), "brand new pass");
    await userEvent.click(screen.getByRole("button", { name: "Save the new password" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid token");
  });
});
