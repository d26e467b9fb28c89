import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiAt, signedInContext } from "./helpers/extra-server.ts";
import { startFeedServer } from "./helpers/feed-server.ts";

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  [browser, feeds] = await Promise.all([launchBrowser(), startFeedServer()]);
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

/** A signed-in reader following one feed, with `setup` run in every page before the app loads. */
async function readerWith(setup: () => void): Promise<{ context: BrowserContext; page: Page; warnings: string[] }> {
  const origin = baseURL();
  const { context } = await signedInContext(browser, origin);
  await apiAt(context, origin, "POST", "/subscriptions", { url: feeds.publish(`/startup-${Math.random()}.xml`, "Harbour Lights", 3), view: 0 });
  await context.addInitScript(setup);
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
  return { context, page, warnings };
}

/** The app works: the timeline lists the followed feed's stories and an entry opens. */
async function appWorks(page: Page): Promise<void> {
  await page.goto("/timeline/view-0/all");
  await page.getByText("Harbour Lights story 1").first().waitFor({ timeout: 20_000 });
  await page.getByText("Harbour Lights story 1").first().click();
  await page.getByTestId("entry-title").waitFor();
  expect(await page.getByTestId("entry-title").textContent()).toBe("Harbour Lights story 1");
}

/** The app database's entries store as the browser holds it (runs in the page). */
function entriesStore(): Promise<{ keyPath: string | string[] | null; count: number }> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open("tidings");
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const store = request.result.transaction("entries", "readonly").objectStore("entries");
      const count = store.count();
      count.onsuccess = () => {
        resolve({ keyPath: store.keyPath, count: count.result });
        request.result.close();
      };
    };
  });
}

describe("start-up with a broken local database (spec §4)", () => {
  it("deletes a database with a foreign schema, builds it again and works", async () => {
    const { context, page, warnings } = await readerWith(() => {
      // Once per browser: a database named like the app's, from "another version", whose entries
      // store has another primary key (something this version cannot upgrade).
      if (localStorage.getItem("e2e:corrupted")) return;
      localStorage.setItem("e2e:corrupted", "1");
      const request = indexedDB.open("tidings", 990);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("entries", { keyPath: "uid", autoIncrement: true });
        request.result.createObjectStore("unread");
      };
      request.onsuccess = () => request.result.close();
    });
    await appWorks(page);
    expect(warnings.some((text) => text.includes("building it again"))).toBe(true);
    // The rebuilt database has this version's schema and keeps what the reader saw.
    expect(await page.evaluate(entriesStore)).toMatchObject({ keyPath: "id" });
    await expect.poll(async () => (await page.evaluate(entriesStore)).count).toBeGreaterThan(0);
    await context.close();
  });

  it("works from memory when IndexedDB is unavailable, and says so in the console", async () => {
    const { context, page, warnings } = await readerWith(() => {
      // As in some private modes: no IndexedDB at all.
      Object.defineProperty(window, "indexedDB", { value: undefined, configurable: true });
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await appWorks(page);
    await screenshot(page, "startup-01-in-memory");
    expect(warnings.some((text) => text.includes("IndexedDB is unavailable"))).toBe(true);
    expect(errors).toEqual([]);
    // A reload starts from memory again and still works.
    await page.reload();
    await appWorks(page);
    await context.close();
  });
});
