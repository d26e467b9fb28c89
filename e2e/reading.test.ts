import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// What cuts across the columns: mark-all-read with its countdown, rolling back a refused change,
// reading and changing things offline, and the shortcuts guide.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set(
    "/tides.xml",
    rss({
      title: "Tide Tables",
      site: "https://tides.example",
      items: Array.from({ length: 6 }, (_, i) => ({
        guid: `tide-${i}`,
        title: `High water ${i + 1}`,
        published: new Date(Date.now() - (i + 1) * 3_600_000),
        content: `<p>High water number ${i + 1} comes at dawn.</p><p>Keep the boats tied: entry ${i + 1}.</p>`,
      })),
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

interface Item {
  entries: { id: string; title: string | null };
  read: boolean | null;
}

const row = (page: Page, title: string) => page.locator("[data-entry-id]", { hasText: title }).first();
const toolbarButton = (page: Page, name: string) => page.getByRole("toolbar", { name: "Entry actions" }).getByRole("button", { name, exact: true });

async function entries(context: BrowserContext, feedId: string): Promise<Item[]> {
  return apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedId, limit: 20 });
}

async function starredIds(context: BrowserContext): Promise<string[]> {
  return (await apiCall<Item[]>(context, "POST", "/entries", { view: 0, isCollection: true })).map((item) => item.entries.id);
}

async function followTides(context: BrowserContext, page: Page): Promise<string> {
  const feedId = await follow(context, feeds.url("/tides.xml"));
  await expect.poll(async () => (await entries(context, feedId)).length).toBe(6);
  await page.goto(`/timeline/view-0/${feedId}`);
  await row(page, "High water 1").waitFor();
  return feedId;
}

describe("reading across the app", () => {
  it("marks a feed read after the confirmation's countdown, which an outside click does not dismiss", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await followTides(context, page);
    const feedRow = page.locator(`[data-row-id="${feedId}"]`);
    await expect.poll(() => feedRow.getByTestId("unread-count").textContent()).toBe("6");

    await page.getByRole("button", { name: "Mark all as read" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Mark all of Tide Tables as read?");
    const confirmButton = dialog.getByRole("button", { name: /^Mark as read \(\d\)$/ });
    const firstLabel = await confirmButton.textContent();
    await screenshot(page, "reading-01-mark-all-countdown");
    // A click beside the dialog leaves it open; the countdown runs on.
    await page.mouse.click(1400, 880);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);
    await expect.poll(() => confirmButton.textContent()).not.toBe(firstLabel);
    expect(await entries(context, feedId).then((items) => items.filter((item) => item.read).length)).toBe(0);

    // It confirms by itself: every entry read, on the server and in the column.
    await dialog.waitFor({ state: "detached", timeout: 6000 });
    await expect.poll(async () => (await entries(context, feedId)).every((item) => item.read), { timeout: 5000 }).toBe(true);
    await expect.poll(() => feedRow.getByTestId("unread-count").count()).toBe(0);
    await context.close();
  });

  it("cancels mark-all-read with Escape, marking nothing", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await followTides(context, page);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByRole("alertdialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("alertdialog").waitFor({ state: "detached" });
    await page.waitForTimeout(3500);
    expect((await entries(context, feedId)).some((item) => item.read)).toBe(false);
    await context.close();
  });

  it("rolls a refused star back and says why in a toast", async () => {
    const { context, page } = await signedInPage(browser);
    await followTides(context, page);
    await row(page, "High water 2").click();
    await page.getByTestId("entry-title").waitFor();
    const entryId = page.url().split("/").at(-1)!;

    await context.route("**/api/collections", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: 1005, message: "Internal error", reason: "disk full on db-1" }) }),
    );
    await toolbarButton(page, "Star").click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Internal error" });
    await toast.waitFor();
    expect(await toast.textContent()).toContain("disk full on db-1");
    // Back to not starred, here and on the server.
    await toolbarButton(page, "Star").waitFor();
    await screenshot(page, "reading-02-rollback-toast");
    expect(await starredIds(context)).not.toContain(entryId);

    await context.unroute("**/api/collections");
    await toolbarButton(page, "Star").click();
    await toolbarButton(page, "Unstar").waitFor();
    await expect.poll(() => starredIds(context)).toContain(entryId);
    await context.close();
  });

  it("reloads offline, still reads cached entries, and sends what changed offline on reconnect", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await followTides(context, page);
    // Read one entry online, so its content is on this device.
    await row(page, "High water 3").click();
    await page.getByTestId("entry-content").getByText("High water number 3 comes at dawn.").waitFor();
    const third = page.url().split("/").at(-1)!;
    await page.waitForTimeout(1200);

    await context.setOffline(true);
    await page.reload();
    // The list (unread only: the read third entry has left it) and the logo come from this device.
    await row(page, "High water 1").waitFor();
    expect(await page.locator(`img[src="/favicon.svg"]`).first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // The open entry's content comes from the local database.
    await page.getByTestId("entry-content").getByText("High water number 3 comes at dawn.").waitFor();
    await page.getByText("Offline", { exact: false }).first().waitFor();
    await screenshot(page, "reading-03-offline-entry");

    // Offline changes stand: star the entry and mark another read by opening it.
    await toolbarButton(page, "Star").click();
    await toolbarButton(page, "Unstar").waitFor();
    await row(page, "High water 4").click();
    await page.getByTestId("entry-title").filter({ hasText: "High water 4" }).waitFor();
    const fourth = page.url().split("/").at(-1)!;
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);

    // Back online, the outbox reaches the server.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect.poll(() => starredIds(context), { timeout: 10_000 }).toContain(third);
    await expect
      .poll(async () => (await entries(context, feedId)).find((item) => item.entries.id === fourth)?.read, { timeout: 10_000 })
      .toBe(true);
    await context.close();
  });

  it("opens the shortcuts guide with H and closes it with Escape", async () => {
    const { context, page } = await signedInPage(browser, { colorScheme: "dark" });
    await followTides(context, page);
    await page.locator("body").click({ position: { x: 900, y: 400 } });
    await page.keyboard.press("h");
    const guide = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await guide.waitFor();
    expect(await guide.textContent()).toContain("Next entry");
    expect(await guide.textContent()).toContain("Mark all as read");
    await screenshot(page, "reading-04-shortcuts-dark");
    await page.keyboard.press("Escape");
    await guide.waitFor({ state: "detached" });
    await context.close();
  });
});
