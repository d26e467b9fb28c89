import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/** A feed of `count` items, served at `path` by the loopback feed server. */
function publish(path: string, title: string, site: string, count: number): string {
  feeds.set(
    path,
    rss({
      title,
      site,
      items: Array.from({ length: count }, (_, i) => ({
        guid: `${path}-${i}`,
        title: `${title}: story ${i + 1}`,
        description: `Story ${i + 1} of ${title}.`,
        published: ago(i + 1),
      })),
    }),
  );
  return feeds.url(path);
}

const row = (page: Page, name: string) => page.locator("[data-row-id]", { hasText: name }).first();

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

describe("subscription column", () => {
  it("follows a feed with the + dialog, shows it with its unread count, renames its folder and unfollows it", async () => {
    const url = publish("/harbour.xml", "Harbour Notes", "https://harbour.example", 3);
    const { context, page } = await signedInPage(browser);

    await expect.poll(() => page.getByText("Nothing followed here yet").isVisible()).toBe(true);
    await page.getByTestId("follow-button").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Feed address").fill(url);
    await dialog.getByLabel("Folder").fill("Reading");
    await dialog.getByRole("button", { name: "Follow", exact: true }).click();
    await page.waitForURL(/\/timeline\/view-0\/\d{13,19}$/);
    const feedId = page.url().split("/").at(-1)!;

    // The folder holding the feed being read shows open, with the feed and its count.
    const feedRow = page.locator(`[data-row-id="${feedId}"]`);
    await expect.poll(() => feedRow.isVisible()).toBe(true);
    expect(await feedRow.textContent()).toContain("Harbour Notes");
    await expect.poll(() => feedRow.getByTestId("unread-count").textContent()).toBe("3");
    await expect.poll(() => page.locator('[data-row-id="Reading"]').getByTestId("unread-count").textContent()).toBe("3");
    await expect.poll(() => page.locator('[data-row-id="all"]').getByTestId("unread-count").textContent()).toBe("3");
    await expect.poll(() => page.getByTestId("view-0-count").textContent()).toBe("3");
    expect(await feedRow.getAttribute("data-active")).toBe("true");
    await screenshot(page, "sidebar-01-followed-light");

    // Rename the folder from its context menu.
    await page.locator('[data-row-id="Reading"]').click({ button: "right" });
    await page.getByRole("menuitem", { name: "Rename…" }).click();
    const rename = page.getByRole("dialog");
    await rename.getByLabel("Folder name").fill("Harbour");
    await rename.getByRole("button", { name: "Rename" }).click();
    await expect.poll(() => page.locator('[data-row-id="Harbour"]').isVisible()).toBe(true);
    expect(await page.locator('[data-row-id="Reading"]').count()).toBe(0);
    await expect
      .poll(async () => (await apiCall<{ category: string | null }[]>(context, "GET", "/subscriptions")).map((s) => s.category))
      .toEqual(["Harbour"]);
    // Renamed, it stays open (the open state moved with the name) after a reload.
    await page.reload();
    await expect.poll(() => page.locator(`[data-row-id="${feedId}"]`).isVisible()).toBe(true);

    // Unfollow from the "…" button (the menu without a right click), after a danger confirmation.
    await feedRow.hover();
    await feedRow.getByRole("button", { name: /More actions/ }).click();
    await page.getByRole("menuitem", { name: "Unfollow" }).click();
    const confirmation = page.getByRole("alertdialog");
    expect(await confirmation.textContent()).toContain("Unfollow Harbour Notes?");
    await confirmation.getByRole("button", { name: "Unfollow" }).click();
    await expect.poll(() => feedRow.count()).toBe(0);
    await page.waitForURL(/\/timeline\/view-0\/all$/);
    await expect.poll(async () => (await apiCall<unknown[]>(context, "GET", "/subscriptions")).length).toBe(0);
    await context.close();
  });

  it("looks right in light and dark with several folders, loose feeds and menus", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await signedInPage(browser, { colorScheme });
      const followed = [
        ["/a.xml", "The Morning Ledger", "Newsroom", 12],
        ["/b.xml", "City Desk", "Newsroom", 4],
        ["/c.xml", "Harbour Notes", "Newsroom", 0],
        ["/d.xml", "Design Weekly", "Design", 7],
        ["/e.xml", "Type & Grids", "Design", 180],
        ["/f.xml", "A Quiet Blog", undefined, 2],
        ["/g.xml", "Night Trains", undefined, 0],
      ] as const;
      const ids: string[] = [];
      for (const [path, title, category, count] of followed) {
        ids.push(await follow(context, publish(`/${colorScheme}${path}`, title, `https://${title.replace(/\W/g, "").toLowerCase()}.example`, count), category ? { category } : {}));
      }
      await follow(context, publish(`/${colorScheme}/social.xml`, "Friends", "https://friends.example", 5), { view: 1 });
      await page.goto(`/timeline/view-0/${ids[0]}`);
      const newsroom = page.locator('[data-row-id="Newsroom"]');
      await expect.poll(() => newsroom.getByTestId("unread-count").textContent()).toBe("16");
      await expect.poll(() => page.locator('[data-row-id="all"]').getByTestId("unread-count").textContent()).toBe("205");
      // Open the Design folder too, then hover a row to show its "…" button.
      await page.locator('[data-row-id="Design"]').getByRole("button", { name: /Open the folder/ }).click();
      await expect.poll(() => page.locator(`[data-row-id="${ids[4]}"]`).getByTestId("unread-count").textContent()).toBe("180");
      await expect.poll(() => page.getByTestId("view-1-count").textContent()).toBe("5");
      await row(page, "A Quiet Blog").hover();
      await screenshot(page, `sidebar-02-folders-${colorScheme}`);
      await page.locator('[data-row-id="Newsroom"]').click({ button: "right" });
      await expect.poll(() => page.getByRole("menuitem", { name: "Rename…" }).isVisible()).toBe(true);
      await screenshot(page, `sidebar-03-folder-menu-${colorScheme}`);
      await page.keyboard.press("Escape");
      await page.locator(`[data-row-id="${ids[3]}"]`).click({ button: "right" });
      await page.getByRole("menuitem", { name: "Move to folder" }).hover();
      await expect.poll(() => page.getByRole("menuitem", { name: "New folder…" }).isVisible()).toBe(true);
      await screenshot(page, `sidebar-04-feed-menu-${colorScheme}`);
      await context.close();
    }
  });
});
