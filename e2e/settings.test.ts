import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { guideKey, signedInPage } from "./helpers/reader.ts";

// Settings (issue 7 point 4): a change is kept across a reload, sent to the server, and another
// browser signed in to the same account receives it without a reload.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const checked = (page: Page, name: string) => page.getByRole("switch", { name, exact: true }).getAttribute("aria-checked");

describe("settings", () => {
  it("keeps a change across a reload and syncs it to a second browser", async () => {
    const { context, page, email } = await signedInPage(browser, { path: "/settings/general" });
    await page.getByRole("heading", { name: "General", level: 2 }).waitFor();
    await screenshot(page, "settings-general");

    expect(await checked(page, "Show unread only")).toBe("true");
    await page.getByRole("switch", { name: "Show unread only", exact: true }).click();
    expect(await checked(page, "Show unread only")).toBe("false");

    // Sent after 1 s of quiet.
    const stored = async () => {
      const response = await context.request.get("/api/settings");
      return ((await response.json()) as { settings: { general?: Record<string, unknown> } }).settings.general;
    };
    await expect.poll(stored).toMatchObject({ unreadOnly: false });

    await page.reload();
    await page.getByRole("heading", { name: "General", level: 2 }).waitFor();
    expect(await checked(page, "Show unread only")).toBe("false");

    // A second browser: signs in to the same account and starts with the server's copy.
    const other = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1440, height: 900 } });
    const signIn = await other.request.post("/api/better-auth/sign-in/email", { data: { email, password: "correct horse battery" }, headers: { origin: baseURL() } });
    expect(signIn.ok()).toBe(true);
    const { user } = (await signIn.json()) as { user: { id: string } };
    await other.addInitScript((key) => window.localStorage.setItem(key, "done"), guideKey(user.id));
    const second = await other.newPage();
    await second.goto("/settings/general");
    await second.getByRole("heading", { name: "General", level: 2 }).waitFor();
    await expect.poll(() => checked(second, "Show unread only")).toBe("false");

    // A change in the first browser reaches the second when its page becomes visible again.
    expect(await checked(second, "Mark as read on hover")).toBe("true");
    await page.getByRole("switch", { name: "Mark as read on hover", exact: true }).click();
    await expect.poll(stored).toMatchObject({ hoverMarkUnread: false });
    await expect
      .poll(async () => {
        await second.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
        return checked(second, "Mark as read on hover");
      })
      .toBe("false");

    await page.goto("/settings/appearance");
    await page.getByRole("heading", { name: "Appearance", level: 2 }).waitFor();
    await screenshot(page, "settings-appearance");
    // The whole tab (the settings column scrolls inside the window): toolbar editor and custom CSS.
    await page.setViewportSize({ width: 1440, height: 3400 });
    await page.getByTestId("toolbar-order-editor").waitFor();
    await screenshot(page, "settings-appearance-full");
    await other.close();
    await context.close();
  });
});
