import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { EmailSection } from "./email-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { fakeServer, sessionPayload } from "./test-server.ts";

afterEach(() => vi.unstubAllGlobals());

describe("EmailSection", () => {
  it("shows the verified badge and changes the address through a confirmation link", async () => {
    const seen = fakeServer({ "POST /api/better-auth/change-email": () => Response.json({ status: true }) });
    renderPage(<EmailSection user={sessionPayload().user} />);
    expect(screen.getByText("Verified")).toBeTruthy();
    expect(screen.queryByText("Verify your e-mail")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Change e-mail" }));
    const submit = screen.getAllByRole("button", { name: "Change e-mail" }).at(-1) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("New e-mail address"), "ada@new.example");
    await userEvent.click(submit);
    expect((await screen.findByRole("status")).textContent).toContain("ada@new.example");
    expect(seen[0]!.body).toMatchObject({ newEmail: "ada@new.example" });
  });

  it("offers to send the verification link again while the address is not verified", async () => {
    const seen = fakeServer({ "POST /api/better-auth/send-verification-email": () => Response.json({ status: true }) });
    renderPage(<EmailSection user={sessionPayload({ emailVerified: false }).user} />);
    expect(screen.getByText("Not verified")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText("A new link is on its way.")).toBeTruthy();
    expect(seen[0]!.body).toMatchObject({ email: "ada@example.com" });
  });
});

describe("PasswordSection", () => {
  it("changes the password: needs the current one and the new one twice, shows the server's refusal", async () => {
    const seen = fakeServer({ "POST /api/better-auth/change-password": () => Response.json({ message: "Invalid password", code: "INVALID_PASSWORD" }, { status: 400 }) });
    renderPage(<PasswordSection hasPassword />);
    const submit = screen.getByRole("button", { name: "Change password" }) as HTMLButtonElement;
    await userEvent.type(screen.getByLabelText("New password"), "a new password");
    await userEvent.type(screen.getByLabelText("Repeat the new password"), "a new password");
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Current password"), "old one");
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid password");
    expect(seen[0]!.body).toEqual({ currentPassword: "old one", newPassword: "a new password", revokeOtherSessions: true });
  });

  it("sets a password for an account that only signs in with a provider", async () => {
    const seen = fakeServer({ "POST /api/better-auth/set-password": () => Response.json({ status: true }) });
    renderPage(<PasswordSection hasPassword={false} />);
    expect(screen.queryByLabelText("Current password")).toBeNull();
    await userEvent.type(screen.getByLabelText("New password"), "first password");
    await userEvent.type(screen.getByLabelText("Repeat the new password"), "first password");
    await userEvent.click(screen.getByRole("button", { name: "Set a password" }));
    await waitFor(() => expect(seen[0]?.body).toEqual({ newPassword: "first password" }));
  });
});
