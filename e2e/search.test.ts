import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// The search palette (Cmd/Ctrl+K or "/"): held entries and followed feeds at once, the server's
// full-text search below with its matches marked, keyboard-driven from typing to opening.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

// A long first paragraph, so the searched word sits deep in the body, past any description.
const FILLER = "The harbour wall was mended this week and the fishing fleet went out before the morning bell. ".repeat(6);

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set(
    "/lighthouse.xml",
    rss({
      title: "Lighthouse Log",
      site: "https://lighthouse.example",
      items: Array.from({ length: 5 }, (_, i) => ({
        guid: `log-${i}`,
        title: `Keeper's note ${i + 1}`,
        published: new Date(Date.now() - (i + 1) * 3_600_000),
        content:
          i === 2
            ? `<p>${FILLER}</p><p>At midnight the bay glowed with bioluminescence, green under the lamp.</p>`
            : `<p>${FILLER}</p><p>Calm night number ${i + 1}, lamp trimmed at dusk.</p>`,
      })),
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

async function followLighthouse(page: Page, context: Parameters<typeof follow>[0]): Promise<string> {
  const feedId = await follow(context, feeds.url("/lighthouse.xml"));
  await expect.poll(async () => (await apiCall<unknown[]>(context, "POST", "/entries", { view: 0, feedId, limit: 20 })).length).toBe(5);
  await page.goto(`/timeline/view-0/${feedId}`);
  await page.locator("[data-entry-id]", { hasText: "Keeper's note 1" }).first().waitFor();
  return feedId;
}

describe("search palette", () => {
  it("finds a word of one entry's body with Ctrl+K, marks it, and opens the entry with Enter", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await followLighthouse(page, context);
    await page.locator("body").click({ position: { x: 900, y: 400 } });

    await page.keyboard.press("Control+k");
    const palette = page.getByTestId("search-palette");
    await palette.waitFor();
    const input = page.getByTestId("search-input");
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByTestId("search-tips").waitFor();
    await screenshot(page, "search-00-tips-light");

    await page.keyboard.type("bioluminescence");
    const options = palette.getByRole("option");
    const hit = options.filter({ has: page.locator("mark", { hasText: /^bioluminescence$/i }) });
    await hit.first().waitFor();
    // Only that entry holds the word.
    await expect.poll(() => options.count()).toBe(1);
    expect(await hit.textContent()).toContain("Keeper's note 3");
    expect(await hit.locator("mark").first().textContent()).toBe("bioluminescence");
    expect(await palette.getByTestId("search-count").textContent()).toBe("1 result");
    await screenshot(page, "search-01-body-match-light");

    await page.keyboard.press("Enter");
    await palette.waitFor({ state: "detached" });
    await expect.poll(() => new URL(page.url()).pathname).toMatch(new RegExp(`^/timeline/view-0/${feedId}/\\d+$`));
    await page.getByTestId("entry-title").filter({ hasText: "Keeper's note 3" }).waitFor();
    await page.getByTestId("entry-content").getByText("bioluminescence", { exact: false }).waitFor();
    await context.close();
  });

  it('opens with "/" and the sidebar button, lists feeds and entries, walks them with the arrows, closes with Escape', async () => {
    const { context, page } = await signedInPage(browser, { colorScheme: "dark" });
    const feedId = await followLighthouse(page, context);
    await page.locator("body").click({ position: { x: 900, y: 400 } });

    await page.keyboard.press("/");
    const palette = page.getByTestId("search-palette");
    await palette.waitFor();
    await page.keyboard.type("lighthouse");
    // The followed feed (title and address) comes first, then entries of that feed found by feed title.
    const first = palette.getByRole("option").first();
    await expect.poll(() => first.getAttribute("data-kind")).toBe("feed");
    expect(await first.locator("mark").first().textContent()).toBe("Lighthouse");
    await expect.poll(() => palette.locator('[data-kind="entry"]').count()).toBeGreaterThan(0);
    await expect.poll(() => palette.getByRole("img", { name: "Searching all entries…" }).count()).toBe(0);
    await screenshot(page, "search-02-feeds-and-entries-dark");

    expect(await first.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowDown");
    expect(await first.getAttribute("aria-selected")).toBe("false");
    expect(await palette.getByRole("option").nth(1).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    await palette.waitFor({ state: "detached" });
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/timeline/view-0/${feedId}`);

    // Nothing found: says so. Escape closes.
    await page.getByTestId("search-button").click();
    await palette.waitFor();
    await page.keyboard.type("zeppelinxyz");
    await palette.getByTestId("search-empty").waitFor();
    await screenshot(page, "search-03-empty-dark");
    await page.keyboard.press("Escape");
    await palette.waitFor({ state: "detached" });
    await context.close();
  });
});
