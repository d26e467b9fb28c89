import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// A blocked entry is gone from its feed's page in the web client, also from what the device
// kept of that page before the entry was blocked (its local database).

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

/** Titles of the entries the device keeps in its local database (IndexedDB "tidings"). */
const keptTitles = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open("tidings");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("entries").objectStore("entries").getAll();
          all.onsuccess = () => {
            resolve((all.result as { entry: { title: string } }[]).map((row) => row.entry.title).sort());
            open.result.close();
          };
        };
      }),
  );

describe("a blocked entry", () => {
  it("is not listed on its feed's page, nor kept on the device, while the feed's other entries are", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await follow(context, feeds.publish("/blocked/quay.xml", "Quay Notes", 3));
    const entry = (title: string) => page.locator("[data-entry-id]", { hasText: title });

    // The feed's page, every entry of it (not only the unread ones), seen once: the device keeps
    // its three entries.
    await page.goto(`/timeline/view-0/${feedId}`);
    await page.getByRole("button", { name: "Show all entries" }).click();
    await entry("Quay Notes story 2").waitFor();
    await expect.poll(() => keptTitles(page)).toEqual(["Quay Notes story 1", "Quay Notes story 2", "Quay Notes story 3"]);

    // A rule blocks the second story, applied to the entries already there.
    await apiCall(context, "PUT", "/actions", { rules: [{ name: "No story 2", condition: [[{ field: "entry_title", operator: "regex", value: "story 2$" }]], result: { block: true } }] });
    expect(await apiCall<{ blocked: number }>(context, "POST", "/actions/apply")).toMatchObject({ blocked: 1 });

    await page.reload();
    await entry("Quay Notes story 1").waitFor();
    await entry("Quay Notes story 3").waitFor();
    await expect.poll(() => entry("Quay Notes story 2").count()).toBe(0);
    await expect.poll(() => keptTitles(page)).toEqual(["Quay Notes story 1", "Quay Notes story 3"]);
    await screenshot(page, "blocked-entries-01-feed-page");
    await context.close();
  });
});
