import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, signedInPage } from "./helpers/reader.ts";

// The follow form with its live preview, quick add (Ctrl+N) with discovery on a site, and the
// inline errors of an address that is no feed.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const HOUR = 3_600_000;
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="#38bdf8"/><circle cx="40" cy="40" r="22" fill="#fde68a"/></svg>';

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set("/lamp.svg", PICTURE, "image/svg+xml");
  feeds.set(
    "/lighthouse.xml",
    rss({
      title: "Lighthouse Log",
      site: "https://lighthouse.example",
      items: Array.from({ length: 5 }, (_, i) => ({
        guid: `light-${i}`,
        title: `Beam check ${i + 1}: the lamp turns true`,
        description: `Night ${i + 1} at the lighthouse, all clear.`,
        published: new Date(Date.now() - (i + 1) * 5 * HOUR),
        ...(i % 2 === 0 ? { image: feeds.url(`/lamp.svg?${i}`) } : {}),
      })),
    }),
  );
  feeds.set(
    "/harbour/feed.xml",
    rss({
      title: "Harbour Gazette",
      site: "https://harbour.example",
      items: Array.from({ length: 3 }, (_, i) => ({
        guid: `harbour-${i}`,
        title: `Ferry timetable ${i + 1}`,
        description: `Ferry news ${i + 1}.`,
        published: new Date(Date.now() - (i + 1) * HOUR),
      })),
    }),
  );
  feeds.set(
    "/harbour/",
    `<!doctype html><html><head><title>Harbour</title>
<link rel="alternate" type="application/rss+xml" title="Harbour Gazette" href="/harbour/feed.xml">
</head><body><h1>The harbour</h1></body></html>`,
    "text/html; charset=utf-8",
  );
  feeds.set("/plain/", "<!doctype html><html><head><title>Plain</title></head><body><p>No feeds here.</p></body></html>", "text/html; charset=utf-8");
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

async function followedUrls(page: Page): Promise<string[]> {
  const subscriptions = await apiCall<{ feeds?: { url: string } }[]>(page.context(), "GET", "/subscriptions");
  return subscriptions.flatMap((s) => (s.feeds ? [s.feeds.url] : []));
}

describe("following", () => {
  it("follows a feed by its address through +, with the live preview of its latest entries", async () => {
    const { page } = await signedInPage(browser);
    await page.getByTestId("follow-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Feed address").fill(feeds.url("/lighthouse.xml"));
    const preview = dialog.getByTestId("follow-preview");
    await preview.waitFor();
    expect(await preview.textContent()).toContain("Lighthouse Log");
    await expect.poll(() => preview.getByRole("listitem").count()).toBe(4);
    expect(await preview.getByRole("listitem").first().textContent()).toContain("Beam check 1");
    expect(await preview.locator("img").count()).toBeGreaterThan(1);
    // Most entries lead with a picture: the view follows the feed's suggestion.
    await expect.poll(() => dialog.getByLabel("View", { exact: true }).inputValue()).toBe("2");
    await dialog.getByRole("combobox", { name: "Folder" }).fill("Coast");
    await screenshot(page, "follow-01-preview-light");
    await dialog.getByRole("button", { name: "Follow", exact: true }).click();
    await page.waitForURL(/\/timeline\/view-2\/\d{13,19}$/);
    const feedId = page.url().split("/").at(-1);
    await expect.poll(() => page.locator(`[data-row-id="${feedId}"]`).textContent()).toContain("Lighthouse Log");
    expect(await followedUrls(page)).toEqual([feeds.url("/lighthouse.xml")]);

    // The sidebar's edit dialog is the same form, on the feed followed.
    await page.locator(`[data-row-id="${feedId}"]`).click({ button: "right" });
    await page.getByRole("menuitem", { name: /^Edit/ }).click();
    const edit = page.getByRole("dialog");
    await edit.getByTestId("follow-preview").waitFor();
    expect(await edit.getByRole("combobox", { name: "Folder" }).inputValue()).toBe("Coast");
    expect(await edit.getByLabel("Feed address").getAttribute("readonly")).not.toBeNull();
    // The folder is a combobox of the folders in use.
    await edit.getByRole("combobox", { name: "Folder" }).click();
    expect(await edit.getByRole("listbox").getByRole("option").allTextContents()).toEqual(["Coast"]);
    await screenshot(page, "follow-02-edit-light");
  });

  it("quick add (Ctrl+N) finds the feed a site announces and follows it", async () => {
    const { page } = await signedInPage(browser, { colorScheme: "dark" });
    await page.getByTestId("follow-button").waitFor();
    await page.keyboard.press("Control+n");
    const quick = page.getByRole("dialog", { name: "Quick add" });
    await quick.getByLabel("Feed or site address").fill(feeds.url("/harbour/"));
    await quick.getByRole("button", { name: "Find" }).click();
    const found = quick.getByTestId("discovered-feed");
    await found.first().waitFor();
    expect(await found.count()).toBe(1);
    expect(await found.textContent()).toContain("Harbour Gazette");
    expect(await found.textContent()).toContain(feeds.url("/harbour/feed.xml"));
    await screenshot(page, "follow-03-quick-add-dark");

    await found.getByRole("button", { name: "Follow Harbour Gazette" }).click();
    const form = page.getByRole("dialog", { name: "Follow" });
    expect(await form.getByLabel("Feed address").inputValue()).toBe(feeds.url("/harbour/feed.xml"));
    await form.getByTestId("follow-preview").waitFor();
    expect(await form.getByTestId("follow-preview").textContent()).toContain("Ferry timetable 1");
    await screenshot(page, "follow-04-preview-dark");
    await form.getByRole("button", { name: "Follow", exact: true }).click();
    await page.waitForURL(/\/timeline\/view-0\/\d{13,19}$/);
    expect(await followedUrls(page)).toEqual([feeds.url("/harbour/feed.xml")]);
  });

  it("shows why an address is no feed under the field, with the catalogue's message", async () => {
    const { page } = await signedInPage(browser);
    await page.getByTestId("follow-button").click();
    const dialog = page.getByRole("dialog");
    const alert = dialog.getByRole("alert");
    // A page without feeds: 2004 (parse); a missing one: 2003 (fetch).
    await dialog.getByLabel("Feed address").fill(feeds.url("/plain/"));
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Feed (not found|fetch error|failed to parse)/);
    expect(await dialog.getByTestId("follow-preview").count()).toBe(0);
    await screenshot(page, "follow-05-not-a-feed-light");
    await dialog.getByLabel("Feed address").fill(feeds.url("/gone.xml"));
    await expect.poll(() => alert.textContent()).toMatch(/Feed fetch error/);
    await dialog.getByRole("button", { name: "Follow", exact: true }).click();
    await expect.poll(() => alert.textContent()).toMatch(/Feed fetch error/);
    expect(await followedUrls(page)).toEqual([]);

    // Quick add says the same inline.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+n");
    const quick = page.getByRole("dialog", { name: "Quick add" });
    await quick.getByLabel("Feed or site address").fill(feeds.url("/plain/"));
    await quick.getByRole("button", { name: "Find" }).click();
    await expect.poll(() => quick.getByRole("alert").textContent()).toMatch(/Feed (not found|fetch error|failed to parse)/);
    await screenshot(page, "follow-06-quick-add-error-light");
  });
});
