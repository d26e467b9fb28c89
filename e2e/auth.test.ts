import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot, uniqueEmail } from "./helpers/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function consoleErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

describe("signing up, in and out", () => {
  it("registers, lands on the timeline, stays signed in across a reload, signs out and back in", async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    const errors = await consoleErrors(page);
    const email = uniqueEmail("reader");
    const password = "correct horse battery";

    await page.goto("/");
    await page.waitForURL("**/login");
    await screenshot(page, "01-login");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Name").fill("Ada Reader");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create account" }).click();

    await page.waitForURL("**/timeline/view-0/all");
    await expect.poll(() => page.getByTestId("timeline-title").textContent()).toBe("Articles");
    expect(await page.getByTestId("account-name").textContent()).toBe("Ada Reader");
    await screenshot(page, "02-timeline");

    await page.reload();
    await page.waitForURL("**/timeline/view-0/all");
    await expect.poll(() => page.getByTestId("account-name").textContent()).toBe("Ada Reader");

    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "tidings.session_token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/login");
    expect((await context.cookies()).find((cookie) => cookie.name === "tidings.session_token")).toBeUndefined();

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/invalid email or password/i);
    await screenshot(page, "03-wrong-password");

    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/timeline/view-0/all");
    await expect.poll(() => page.getByTestId("account-name").textContent()).toBe("Ada Reader");

    expect(errors.filter((text) => !text.includes("401"))).toEqual([]);
    await context.close();
  });

  it("sends a signed-out visitor to /login and back to where they were going", async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto("/settings/about");
    await page.waitForURL("**/login?redirect=%2Fsettings%2Fabout");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Email").fill(uniqueEmail("redirect"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/settings/about");
    await screenshot(page, "04-redirect");
    await expect.poll(() => page.getByText("Version 0.5.0").isVisible()).toBe(true);
    await context.close();
  });
});
