import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import { sessionKeys } from "../../queries/session.ts";
import { fakeServer } from "../account/test-server.ts";
import { LoginPanel } from "./login-panel.tsx";

afterEach(() => vi.unstubAllGlobals());

const NO_PROVIDERS = { "GET /api/better-auth/get-providers": () => Response.json({}) };

async function signIn(email = "ada@example.com", password = "correct horse") {
  await userEvent.type(await screen.findByLabelText("Email"), email);
  await userEvent.type(screen.getByLabelText("Password"), password);
  await userEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPanel", () => {
  it("asks for the two-factor code after twoFactorRedirect and shows the server's 'Invalid TOTP code.'", async () => {
    const seen = fakeServer({
      ...NO_PROVIDERS,
      "POST /api/better-auth/sign-in/email": () => Response.json({ twoFactorRedirect: true }),
      "POST /api/better-auth/two-factor/verify-totp": (request) =>
        (request.body as { code: string }).code === "123456" ? Response.json({ token: "t" }) : Response.json({ message: "Invalid TOTP code.", code: "INVALID_TWO_FACTOR_AUTHENTICATION" }, { status: 401 }),
    });
    const { queryClient } = renderPage(<LoginPanel />);
    queryClient.setQueryData(sessionKeys.all, null);
    await signIn();
    const code = await screen.findByLabelText("Authentication code");
    const verify = screen.getByRole("button", { name: "Verify" });
    await userEvent.type(code, "12345");
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(code, "0");
    await userEvent.click(verify);
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid TOTP code.");
    await userEvent.clear(code);
    await userEvent.type(code, "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(seen.filter((r) => r.path.endsWith("/verify-totp")).map((r) => (r.body as { code: string }).code)).toEqual(["123450", "123456"]));
    // Signed in: the session is asked again, and the page follows it (RedirectIfSignedIn).
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.all)?.isInvalidated).toBe(true));
  });

  it("takes a backup code instead of the app's code", async () => {
    const seen = fakeServer({
      ...NO_PROVIDERS,
      "POST /api/better-auth/sign-in/email": () => Response.json({ twoFactorRedirect: true }),
      "POST /api/better-auth/two-factor/verify-backup-code": () => Response.json({ token: "t" }),
      "GET /api/better-auth/get-session": () => Response.json(null),
    });
    renderPage(<LoginPanel />);
    await signIn();
    await userEvent.click(await screen.findByRole("button", { name: "Use a backup code" }));
    await userEvent.type(screen.getByLabelText("Backup code"), "abcde-fghij");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(seen.find((r) => r.path.endsWith("/verify-backup-code"))?.body).toEqual({ code: "abcde-fghij" }));
  });

  it("shows the server's refusal under the password", async () => {
    fakeServer({ ...NO_PROVIDERS, "POST /api/better-auth/sign-in/email": () => Response.json({ message: "Invalid email or password" }, { status: 401 }) });
    renderPage(<LoginPanel />);
    await signIn();
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
  });

  it("sends a reset link from 'Forgot password?' and says so", async () => {
    const seen = fakeServer({ ...NO_PROVIDERS, "POST /api/better-auth/request-password-reset": () => Response.json({ status: true }) });
    renderPage(<LoginPanel />);
    await userEvent.click(await screen.findByRole("button", { name: "Forgot password?" }));
    const send = screen.getByRole("button", { name: "Send reset link" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText("Email"), "ada@example.com");
    await userEvent.click(send);
    expect((await screen.findByRole("status")).textContent).toContain("ada@example.com");
    const body = seen.find((r) => r.path.endsWith("/request-password-reset"))!.body as { email: string; redirectTo: string };
    expect(body.email).toBe("ada@example.com");
    expect(new URL(body.redirectTo).pathname).toBe("/reset-password");
  });

  it("after registering with an unverified address, goes on with a 'Verify your e-mail' notice that resends", async () => {
    const seen = fakeServer({
      ...NO_PROVIDERS,
      "POST /api/better-auth/sign-up/email": () => Response.json({ user: { id: "u1", emailVerified: false } }),
      "POST /api/better-auth/send-verification-email": () => Response.json({ status: true }),
    });
    const { queryClient } = renderPage(
      <>
        <LoginPanel />
        <Toaster />
      </>,
    );
    queryClient.setQueryData(sessionKeys.all, null);
    await userEvent.click(await screen.findByRole("button", { name: "Create account" }));
    await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
    await userEvent.type(screen.getByLabelText("Password"), "long enough");
    await userEvent.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Verify your e-mail")).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(sessionKeys.all)?.isInvalidated).toBe(true));
    await userEvent.click(screen.getByRole("button", { name: "Send the link again" }));
    expect(await screen.findByText("A new link is on its way.")).toBeTruthy();
    expect(seen.find((r) => r.path.endsWith("/send-verification-email"))?.body).toMatchObject({ email: "new@example.com" });
  });

  it("offers each provider of get-providers, and ?provider= starts that sign-in at once", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, origin: window.location.origin, assign });
    const seen = fakeServer({
      "GET /api/better-auth/get-providers": () => Response.json({ github: { id: "github", name: "GitHub" }, oidc: { id: "oidc", name: "Company SSO" } }),
      "POST /api/better-auth/sign-in/social": () => Response.json({ url: "https://sso.example/authorize?x=1", redirect: true }),
    });
    renderPage(<LoginPanel />, "/login?provider=oidc");
    expect(await screen.findByRole("button", { name: "Continue with GitHub" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Continue with Company SSO" })).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://sso.example/authorize?x=1"));
    expect(seen.find((r) => r.path.endsWith("/sign-in/social"))?.body).toMatchObject({ provider: "oidc" });
  });
});
