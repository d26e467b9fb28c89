import type { Browser, BrowserContext, Page } from "playwright-core";
import { startOidcProvider, totpCode } from "@tidings/server/testing";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseURL, launchBrowser, screenshot, uniqueEmail } from "./helpers/browser.ts";
import { linkFromOutbox } from "./helpers/mail.ts";
import { startServer } from "./helpers/extra-server.ts";
import { gradientPng } from "./helpers/png.ts";
import { guideKey, signedInPage } from "./helpers/reader.ts";

const PASSWORD = "correct horse battery";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Marks the new-user guide done for the signed-in account of `context`, from the next page load on. */
async function skipGuide(context: BrowserContext, origin: string): Promise<string> {
  const response = await context.request.get(`${origin}/api/better-auth/get-session`);
  const { user } = (await response.json()) as { user: { id: string } };
  await context.addInitScript((key) => window.localStorage.setItem(key, "done"), guideKey(user.id));
  return user.id;
}

/** Signs up through the API of `origin` in a new context. */
async function accountOn(origin: string, name: string): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const email = uniqueEmail(name.split(" ")[0]!.toLowerCase());
  const response = await context.request.post(`${origin}/api/better-auth/sign-up/email`, { data: { email, password: PASSWORD, name }, headers: { origin } });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  await skipGuide(context, origin);
  return { context, page: await context.newPage(), email };
}

describe("accounts", () => {
  it("registers, verifies the e-mail from the outbox, turns on two-factor, and signs in again with a code", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const email = uniqueEmail("secure");

    await page.goto("/login");
    await page.getByRole("button", { name: "Create account" }).click();
    await screenshot(page, "account-00-register");
    await page.getByLabel("Name").fill("Sam Secure");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/timeline/view-0/all");
    await expect.poll(() => page.getByText("Verify your e-mail").isVisible()).toBe(true);
    await skipGuide(context, baseURL());

    // The verification mail's link, followed in the browser, confirms the address.
    const link = await linkFromOutbox(inject("dataDir"), email, "verify-email");
    await page.goto(link);
    await page.goto("/settings/profile");
    const emailPanel = page.getByRole("region", { name: "E-mail" });
    await expect.poll(() => emailPanel.getByText("Verified", { exact: true }).isVisible()).toBe(true);

    // Two-factor: password → QR code and secret → a code computed here (RFC 6238) → backup codes.
    const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
    await twoFactor.getByRole("button", { name: "Turn on" }).click();
    await twoFactor.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await twoFactor.getByRole("button", { name: "Continue" }).click();
    const secret = (await twoFactor.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(await twoFactor.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    await twoFactor.getByLabel("Authentication code").fill(totpCode(secret));
    await twoFactor.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => twoFactor.getByTestId("backup-codes").locator("li").count()).toBeGreaterThan(5);
    await screenshot(page, "account-02-two-factor-codes");
    await twoFactor.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => twoFactor.getByText("On", { exact: true }).isVisible()).toBe(true);

    await page.goto("/timeline/view-0/all");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    const code = page.getByLabel("Authentication code");
    await code.fill("000000" === totpCode(secret) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid TOTP code.");
    await screenshot(page, "account-01-login-two-factor");
    await code.fill(totpCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL("**/timeline/view-0/all");
    await expect.poll(() => page.getByTestId("account-name").textContent()).toBe("Sam Secure");
    await context.close();
  });

  it("resets a forgotten password through the link in the outbox", async () => {
    const { context, page, email } = await signedInPage(browser, { name: "Flo Forgetful" });
    await page.goto("/timeline/view-0/all");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/login");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain(email);

    const link = await linkFromOutbox(inject("dataDir"), email, "/reset-password?token=");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("a brand new secret");
    await page.getByLabel("Repeat the new password").fill("a brand new secret");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.waitForURL("**/login");
    await expect.poll(() => page.getByText("Your password is changed. Sign in with the new one.").isVisible()).toBe(true);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a brand new secret");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/timeline/view-0/all");
    await context.close();
  });

  it("deletes the account after the password and a danger confirm, then is signed out", async () => {
    const { context, page, email } = await signedInPage(browser, { name: "Dee Delete", path: "/settings/profile" });
    const danger = page.getByRole("region", { name: "Delete account" });
    await danger.getByLabel("Password").fill(PASSWORD);
    await danger.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL("**/login");
    const again = await context.request.post("/api/better-auth/sign-in/email", { data: { email, password: PASSWORD }, headers: { origin: baseURL() } });
    expect(again.status()).toBe(401);
    await context.close();
  });

  it("edits the profile with an uploaded avatar, and shows it on the public page to a signed-out visitor", async () => {
    const { context, page } = await signedInPage(browser, { name: "Pat Profile", path: "/settings/profile" });
    const handle = `pat_${Date.now().toString(36)}`;
    const form = page.getByRole("form", { name: "Public profile" });
    await page.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: gradientPng() });
    await expect.poll(() => page.getByTestId("avatar-image").getAttribute("src")).toMatch(/\/api\/files\//);
    await page.getByTestId("avatar-input").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await expect.poll(() => page.getByText("Please select a valid image file").isVisible()).toBe(true);

    await form.getByLabel("Handle").fill(handle);
    await form.getByLabel("Bio").fill("Reads about boats and tides.");
    await form.getByLabel("Website").fill("https://pat.example");
    await form.getByLabel("GitHub").fill("pat");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Profile saved.").isVisible()).toBe(true);
    await screenshot(page, "account-03-profile-saved");
    await page.getByTestId("avatar-image").scrollIntoViewIfNeeded();
    await screenshot(page, "account-03-profile");

    const visitor = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 800 } });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/u/${handle}`);
    await expect.poll(() => publicPage.getByTestId("share-title").textContent()).toBe("Pat Profile");
    expect(await publicPage.getByTestId("profile-bio").textContent()).toBe("Reads about boats and tides.");
    expect(await publicPage.getByRole("link", { name: "GitHub" }).getAttribute("href")).toBe("https://github.com/pat");
    expect(await publicPage.locator("img[src*='/api/files/']").count()).toBe(1);
    await screenshot(publicPage, "account-04-public-profile");
    await visitor.close();
    await context.close();
  });

  it("an invitation code made by one reader activates a trial account, and the list shows who used it", async () => {
    // Its own instance with the invitation gate on: the shared server keeps new accounts activated.
    const server = await startServer({ INVITATIONS_REQUIRED: "true" });
    try {
      const admin = await accountOn(server.baseURL, "Ivy Inviter");
      await admin.page.goto("/settings/invitations");
      const gate = admin.page.getByRole("switch");
      await expect.poll(() => gate.isChecked()).toBe(true);
      await admin.page.getByRole("button", { name: "New code" }).click();
      const row = admin.page.getByTestId("invitation-row").first();
      const code = (await row.locator("code").textContent())!.trim();
      expect(code).toMatch(/^[A-Z0-9]{10}$/);

      const trial = await accountOn(server.baseURL, "Tom Trial");
      const session = (await (await trial.context.request.get(`${server.baseURL}/api/better-auth/get-session`)).json()) as { role: string };
      expect(session.role).toBe("trial");
      await trial.page.goto("/invitation");
      const submit = trial.page.getByRole("button", { name: "Activate" });
      expect(await submit.isDisabled()).toBe(true);
      await trial.page.getByLabel("Invitation code").fill("NOSUCHCODE");
      await submit.click();
      await expect.poll(() => trial.page.getByRole("alert").textContent()).toBe("Invitation code does not exist.");
      await trial.page.getByLabel("Invitation code").fill(code);
      await submit.click();
      await expect.poll(() => trial.page.getByRole("status").textContent()).toContain("Your account is activated");
      const after = (await (await trial.context.request.get(`${server.baseURL}/api/better-auth/get-session`)).json()) as { role: string };
      expect(after.role).toBe("user");

      await admin.page.reload();
      await expect.poll(() => admin.page.getByTestId("invitation-row").first().textContent()).toContain("Tom Trial");
      await screenshot(admin.page, "account-05-invitations");
      await admin.context.close();
      await trial.context.close();
    } finally {
      await server.stop();
    }
  });

  it("signs in with an OpenID Connect provider, sets a password, and unlinks the provider", async () => {
    const provider = await startOidcProvider({ sub: `sso-${Date.now()}`, email: uniqueEmail("sso"), email_verified: true, name: "Olive Oidc" });
    const server = await startServer({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_NAME: "Test SSO" });
    try {
      const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByRole("button", { name: "Continue with Test SSO" }).click();
      await page.waitForURL("**/timeline/view-0/all");
      expect(provider.tokenRequests.at(-1)).toMatchObject({ pkceVerified: true, clientAuthenticated: true });
      await skipGuide(context, server.baseURL);
      await page.goto("/settings/profile");
      await expect.poll(() => page.getByTestId("account-name").textContent()).toBe("Olive Oidc");

      const methods = page.getByRole("region", { name: "Sign-in methods" });
      await expect.poll(() => methods.getByTestId("linked-account").allTextContents()).toEqual([expect.stringContaining("Test SSO")]);
      const password = page.getByRole("region", { name: "Password" });
      await password.getByLabel("New password", { exact: true }).fill(PASSWORD);
      await password.getByLabel("Repeat the new password").fill(PASSWORD);
      await password.getByRole("button", { name: "Set a password" }).click();
      await expect.poll(() => methods.getByTestId("linked-account").count()).toBe(2);
      await methods.scrollIntoViewIfNeeded();
      await screenshot(page, "account-06-sign-in-methods");
      await methods.getByRole("button", { name: "Unlink" }).click();
      await expect.poll(() => methods.getByTestId("linked-account").allTextContents()).toEqual([expect.stringContaining("E-mail and password")]);
      expect(await methods.getByRole("button", { name: "Link" }).isVisible()).toBe(true);

      // The desktop shell's hand-off: /login?provider=oidc starts that sign-in at once.
      const desktop = await browser.newContext({ baseURL: server.baseURL });
      const handOff = await desktop.newPage();
      await handOff.goto("/login?provider=oidc");
      await handOff.waitForURL("**/timeline/view-0/all");
      await desktop.close();
      await context.close();
    } finally {
      await server.stop();
      await provider.close();
    }
  });
});
