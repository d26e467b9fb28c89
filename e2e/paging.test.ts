import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// A feed without any dates is the hardest case for a timeline's cursor: every entry arrives in
// one fetch, with no time of its own. Each must still be reached once, in the feed's order.

const COUNT = 500;
let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

/** An RSS feed of `count` items without pubDate, the first listed being the newest. */
function datelessFeed(count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) => `<item><guid isPermaLink="false">note-${i + 1}</guid><title>Note ${i + 1}</title><description>Undated note number ${i + 1}.</description></item>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Undated Notes</title><link>https://notes.example/</link><description>No dates at all</description>
${items}
</channel></rss>`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set("/notes.xml", datelessFeed(COUNT));
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

interface Item {
  entries: { id: string; title: string | null; publishedAt: string };
}

describe("paging a 500-item feed without dates", () => {
  it("pages the reference client's way (publishedAfter = last date) to all 500, in document order", async () => {
    const { context } = await signedInPage(browser);
    const feedId = await follow(context, feeds.url("/notes.xml"));
    const titles: string[] = [];
    let publishedAfter: string | undefined;
    for (let page = 0; page < 10; page++) {
      const items = await apiCall<Item[]>(context, "POST", "/entries", { feedId, view: 0, limit: 100, ...(publishedAfter ? { publishedAfter } : {}) });
      titles.push(...items.map((item) => item.entries.title ?? ""));
      if (items.length < 100) break;
      publishedAfter = items.at(-1)!.entries.publishedAt;
    }
    expect(titles).toEqual(Array.from({ length: COUNT }, (_, i) => `Note ${i + 1}`));
    await context.close();
  });

  it("scrolls the feed's timeline to the end and counts 500 rows, each once", async () => {
    const { context, page } = await signedInPage(browser, { viewport: { width: 1280, height: 900 } });
    const feedId = await follow(context, feeds.url("/notes.xml"));
    await page.goto(`/timeline/view-0/${feedId}`);
    // Another reader followed the feed first, so this one's subscription delivered only the 200
    // newest as unread: the feed's own timeline, unread or not, still holds all 500.
    await page.getByRole("button", { name: "Show all entries" }).click();
    const scroller = page.getByTestId("timeline-scroll");
    await page.locator("[data-entry-id]", { hasText: "Note 1" }).first().waitFor();
    const order: string[] = [];
    const seen = new Set<string>();
    const collect = async () => {
      const rows = await page.locator("[data-entry-id]").evaluateAll((elements) =>
        elements.map((element) => ({ id: element.getAttribute("data-entry-id")!, title: element.textContent ?? "" })),
      );
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        order.push(/Note (\d+)/.exec(row.title)?.[1] ?? "?");
      }
    };
    const end = page.getByText("You have reached the end.");
    // Steps shorter than the viewport, so that every row is drawn at some point.
    for (let step = 0; step < 300 && !(seen.size >= COUNT && (await end.isVisible())); step++) {
      await collect();
      await scroller.evaluate((element) => element.scrollBy(0, 600));
      await page.waitForTimeout(80);
    }
    await collect();
    await screenshot(page, "paging-01-end-of-500");
    expect(seen.size).toBe(COUNT);
    // The virtualised list draws rows as they scroll into view: in the feed's own order.
    expect(order).toEqual(Array.from({ length: COUNT }, (_, i) => String(i + 1)));
    await context.close();
  }, 180_000);
});
