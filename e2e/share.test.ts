import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// Share pages (facts §7): /share/lists/:id, /share/feeds/:id and /share/users/:id, and following
// another reader's list from its share page.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const publish = (path: string, title: string, items: number) => feeds.publish(path, title, items);

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

const entryRow = (page: Page, title: string) => page.locator("[data-entry-id]", { hasText: title }).first();

describe("share pages", () => {
  it("follows another reader's list from its share page, and shows a feed's and a person's pages", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      // Reader A: follows two feeds, makes a public list of one of them and follows it.
      const a = await signedInPage(browser, { colorScheme, name: "Ann Curator" });
      const tides = await follow(a.context, publish(`/share-${colorScheme}/tides.xml`, "Tide Tables", 3));
      const lighthouse = await follow(a.context, publish(`/share-${colorScheme}/lighthouse.xml`, "Lighthouse Log", 2));
      const list = await apiCall<{ id: string; ownerUserId: string }>(a.context, "POST", "/lists", { title: "Sea news", description: "Tides and the harbour, hand-picked.", view: 0 });
      await apiCall(a.context, "POST", "/lists/feeds", { listId: list.id, feedId: tides });
      await apiCall(a.context, "POST", "/subscriptions", { listId: list.id, view: 0 });
      const annId = list.ownerUserId;

      // Reader B opens the list's share page.
      const { context, page } = await signedInPage(browser, { colorScheme, name: "Bo Reader", path: `/share/lists/${list.id}` });
      await page.getByTestId("share-title").getByText("Sea news").waitFor();
      await page.getByText("List by Ann Curator").waitFor();
      await page.getByRole("list", { name: "Feeds in this list" }).getByText("Tide Tables").waitFor();
      await page.getByRole("list", { name: "Latest entries" }).getByText("Tide Tables story 1").waitFor();
      await screenshot(page, `share-01-list-${colorScheme}`);

      // Follow → the follow dialog for the list → the list's timeline, and the list in the sidebar.
      await page.getByRole("button", { name: "Follow Sea news" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("Sea news").first().waitFor();
      await dialog.getByRole("button", { name: "Follow", exact: true }).click();
      await page.waitForURL(`**/timeline/view-0/list-${list.id}`);
      await page.locator(`[data-row-id="list-${list.id}"]`).waitFor();
      await entryRow(page, "Tide Tables story 1").waitFor();
      await entryRow(page, "Tide Tables story 3").waitFor();
      const mine = await apiCall<{ listId?: string }[]>(context, "GET", "/subscriptions");
      expect(mine.some((s) => s.listId === list.id)).toBe(true);

      // Back on the share page it says Following, with Open.
      await page.goto(`/share/lists/${list.id}`);
      await page.getByText("Following", { exact: true }).waitFor();
      await page.getByRole("link", { name: "Open Sea news" }).waitFor();

      // A feed's share page: its entries and Follow.
      await page.goto(`/share/feeds/${lighthouse}`);
      await page.getByTestId("share-title").getByText("Lighthouse Log").waitFor();
      await page.getByRole("list", { name: "Latest entries" }).getByText("Lighthouse Log story 2").waitFor();
      await page.getByRole("button", { name: "Follow Lighthouse Log" }).waitFor();
      await screenshot(page, `share-02-feed-${colorScheme}`);

      // A's page: the feeds and the list A follows publicly.
      await page.goto(`/share/users/${annId}`);
      await page.getByTestId("share-title").getByText("Ann Curator").waitFor();
      const publicFeeds = page.getByRole("list", { name: "Public feeds" });
      await publicFeeds.getByText("Tide Tables").waitFor();
      await publicFeeds.getByText("Lighthouse Log").waitFor();
      await page.getByRole("list", { name: "Public lists" }).getByText("Sea news").waitFor();
      await page.getByRole("link", { name: "Open Sea news" }).waitFor();
      await screenshot(page, `share-03-user-${colorScheme}`);

      // A missing list says so.
      await page.goto("/share/lists/1000000000000000000");
      await page.getByRole("alert").getByText("There is no such list").waitFor();

      await a.context.close();
      await context.close();
    }
  });
});
