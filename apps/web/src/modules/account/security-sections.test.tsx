import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { deviceName, SessionsSection } from "./sessions-section.tsx";
import { fakeServer } from "./test-server.ts";
import { TwoFactorSection } from "./two-factor-section.tsx";

afterEach(() => vi.unstubAllGlobals());

const TOTP_URI = "otpauth://totp/Tidings:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tidings";

describe("TwoFactorSection", () => {
  it("enables with the password, shows the QR code and secret, confirms with a code, then the backup codes", async () => {
    const seen = fakeServer({
      "POST /api/better-auth/two-factor/enable": (request) =>
        (request.body as { password: string }).password === "right password"
          ? Response.json({ totpURI: TOTP_URI, backupCodes: ["aaaaa-11111", "bbbbb-22222"] })
          : Response.json({ message: "Invalid password", code: "INVALID_PASSWORD" }, { status: 400 }),
      "POST /api/better-auth/two-factor/verify-totp": () => Response.json({ token: "t" }),
    });
    renderPage(<TwoFactorSection enabled={false} hasPassword />);
    await userEvent.click(await screen.findByRole("button", { name: "Turn on" }));
    await userEvent.type(screen.getByLabelText("Password"), "wrong");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid password");
    await userEvent.clear(screen.getByLabelText("Password"));
    await userEvent.type(screen.getByLabelText("Password"), "right password");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("img", { name: "QR code for your authenticator app" })).toBeTruthy();
    expect(screen.getByTestId("totp-secret").textContent).toBe("JBSWY3DPEHPK3PXP");
    const verify = screen.getByRole("button", { name: "Verify" });
    await userEvent.type(screen.getByLabelText("Authentication code"), "12345");
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Authentication code"), "6");
    await userEvent.click(verify);
    const codes = await screen.findByTestId("backup-codes");
    expect(within(codes).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["aaaaa-11111", "bbbbb-22222"]);
    expect(seen.find((r) => r.path.endsWith("/verify-totp"))?.body).toEqual({ code: "123456" });
  });

  it("cannot be turned on without a password (social-only accounts set one first)", async () => {
    renderPage(<TwoFactorSection enabled={false} hasPassword={false} />);
    expect(((await screen.findByRole("button", { name: "Turn on" })) as HTMLButtonElement).disabled).toBe(true);
  });

  it("when on, disables with the password and regenerates backup codes", async () => {
    const seen = fakeServer({
      "POST /api/better-auth/two-factor/generate-backup-codes": () => Response.json({ status: true, backupCodes: ["ccccc-33333"] }),
    });
    renderPage(<TwoFactorSection enabled hasPassword />);
    await userEvent.click(await screen.findByRole("button", { name: "New backup codes" }));
    await userEvent.type(screen.getByLabelText("Password"), "pw");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByTestId("backup-codes")).textContent).toContain("ccccc-33333");
    expect(seen[0]!.body).toEqual({ password: "pw" });
    expect(screen.getByRole("button", { name: "Done" })).toBeTruthy();
  });
});

describe("SessionsSection", () => {
  const sessions = [
    { id: "s1", token: "t1", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-05T00:00:00Z", expiresAt: "2027-01-01T00:00:00Z", ipAddress: "10.0.0.1", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36" },
    { id: "s2", token: "t2", createdAt: "2026-01-01T00:00:00Z", updatedAt: "2026-01-06T00:00:00Z", expiresAt: "2027-01-01T00:00:00Z", ipAddress: "10.0.0.2", userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/121.0" },
  ];

  it("names devices from their user agent", () => {
    expect(deviceName(sessions[0]!.userAgent)).toBe("Chrome · Linux");
    expect(deviceName(sessions[1]!.userAgent)).toBe("Firefox · Windows");
    expect(deviceName(null)).toBeNull();
  });

  it("marks this device, revokes another by its token, and revokes all others", async () => {
    let list = sessions;
    const seen = fakeServer({
      "GET /api/better-auth/list-sessions": () => Response.json(list),
      "POST /api/better-auth/revoke-session": (request) => {
        list = list.filter((s) => s.token !== (request.body as { token: string }).token);
        return Response.json({ status: true });
      },
      "POST /api/better-auth/revoke-other-sessions": () => Response.json({ status: true }),
    });
    renderPage(<SessionsSection currentId="s1" />);
    const rows = await screen.findAllByTestId("device-session");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("This device")).toBeTruthy();
    expect(within(rows[0]!).queryByRole("button", { name: "Sign out" })).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole("button", { name: "Sign out" }));
    await waitFor(() => expect(screen.getAllByTestId("device-session")).toHaveLength(1));
    expect(seen.find((r) => r.path.endsWith("/revoke-session"))?.body).toEqual({ token: "t2" });
    expect((screen.getByRole("button", { name: "Sign out of all other devices" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
