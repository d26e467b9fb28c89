import { createHash } from "node:crypto";
import { copyFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { signedInPage } from "./helpers/reader.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Google Reader's ClientLogin, as a reader app calls it: a form, no cookies. */
async function clientLogin(email: string, password: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${baseURL()}/api/greader/accounts/ClientLogin`, { method: "POST", body: new URLSearchParams({ Email: email, Passwd: password }) });
  return { status: response.status, text: await response.text() };
}

/** Fever's sign-in check: `api_key` is md5 of `email:password`. */
async function feverAuth(email: string, password: string): Promise<unknown> {
  const apiKey = createHash("md5").update(`${email}:${password}`).digest("hex");
  const response = await fetch(`${baseURL()}/api/fever?api`, { method: "POST", body: new URLSearchParams({ api_key: apiKey }) });
  return ((await response.json()) as { auth?: unknown }).auth;
}

/** A Miniflux app's first call: `GET /v1/me` with the password as its X-Auth-Token; the status. */
async function minifluxMe(password: string): Promise<number> {
  return (await fetch(`${baseURL()}/v1/me`, { headers: { "X-Auth-Token": password } })).status;
}

/** The row of one app password in Settings → Apps. */
const row = (page: Page, name: string) => page.getByTestId("app-password-row").filter({ hasText: name });

describe("Settings → Apps", () => {
  it("makes an app password that a reader app signs in with, shows its last use, and revokes it", async () => {
    const { context, page, email } = await signedInPage(browser, { path: "/settings/apps", viewport: { width: 1440, height: 1300 } });
    await page.getByRole("heading", { name: "Apps", level: 2 }).waitFor();
    await page.getByText("No app passwords yet.", { exact: false }).waitFor();

    // What to type in an app: this server's addresses and the account's e-mail.
    const greader = page.getByRole("region", { name: "Google Reader API" });
    await greader.getByText(`${baseURL()}/api/greader`, { exact: true }).waitFor();
    await greader.getByText(email, { exact: true }).waitFor();
    const fever = page.getByRole("region", { name: "Fever" });
    await fever.getByText(`${baseURL()}/api/fever`, { exact: true }).waitFor();
    await fever.getByText(email.toLowerCase(), { exact: true }).waitFor();
    const miniflux = page.getByRole("region", { name: "Miniflux" });
    await miniflux.getByText(baseURL(), { exact: true }).waitFor();
    await miniflux.getByText(email, { exact: true }).waitFor();

    await page.getByLabel("Name", { exact: true }).fill("Reeder on my phone");
    await page.getByRole("button", { name: "Create password" }).click();
    const shown = page.getByTestId("new-app-password");
    await shown.waitFor();
    const password = (await shown.textContent())?.trim() ?? "";
    expect(password).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4})+$/);
    await page.getByText("it will not be shown again", { exact: false }).waitFor();
    expect(await row(page, "Reeder on my phone").getByTestId("app-password-last-used").textContent()).toBe("Never");
    await page.waitForTimeout(400);
    const file = await screenshot(page, "reader-apps-00-created");
    copyFileSync(file, "/tmp/reader-apps-settings.png");

    // A reader app signs in with it, never with the account password.
    expect(await feverAuth(email.toLowerCase(), "correct horse battery")).toBe(0);
    expect(await feverAuth(email.toLowerCase(), password)).toBe(1);
    expect((await clientLogin(email, "correct horse battery")).status).toBe(401);
    const login = await clientLogin(email, password);
    expect(login.status).toBe(200);
    expect(login.text).toContain("Auth=");
    expect(await minifluxMe("correct horse battery")).toBe(401);
    expect(await minifluxMe(password)).toBe(200);

    // Shown once: after a reload the page has only the name, and its last use.
    await page.reload();
    const item = row(page, "Reeder on my phone");
    await item.waitFor();
    expect(await page.getByTestId("new-app-password").count()).toBe(0);
    expect(await item.getByTestId("app-password-last-used").textContent()).not.toBe("Never");

    // Revoke asks first; once revoked, the app is signed out.
    await item.getByRole("button", { name: "Revoke Reeder on my phone" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Revoke “Reeder on my phone”?").waitFor();
    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await page.getByText("No app passwords yet.", { exact: false }).waitFor();
    expect(await feverAuth(email.toLowerCase(), password)).toBe(0);
    expect((await clientLogin(email, password)).status).toBe(401);
    expect(await minifluxMe(password)).toBe(401);
    await context.close();
  });
});
