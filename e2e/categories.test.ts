import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// Folders from the sidebar: move a whole folder to another view, ungroup one (its feeds stay,
// without a folder), and move a Cmd/Ctrl-click selection of feeds into a folder at once.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  for (const name of ["anchor", "berth", "cargo", "dock"]) {
    feeds.set(
      `/${name}.xml`,
      rss({
        title: `${name[0]!.toUpperCase()}${name.slice(1)} Weekly`,
        site: `https://${name}.example`,
        items: [{ guid: `${name}-1`, title: `${name} news`, published: new Date(Date.now() - 3_600_000) }],
      }),
    );
  }
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

interface Subscription {
  feedId?: string;
  view: number;
  category: string | null;
  feeds?: { title: string | null };
}

const byTitle = async (context: BrowserContext) =>
  Object.fromEntries((await apiCall<Subscription[]>(context, "GET", "/subscriptions")).map((s) => [s.feeds?.title ?? "", { view: s.view, category: s.category }]));

const menuItem = (page: Page, name: string) => page.getByRole("menuitem", { name, exact: true });

describe("folders", () => {
  it("moves a folder to another view, ungroups a folder, and moves a selection of feeds into a folder", async () => {
    const { context, page } = await signedInPage(browser);
    await follow(context, feeds.url("/anchor.xml"), { category: "Port" });
    await follow(context, feeds.url("/berth.xml"), { category: "Port" });
    const ids = {
      cargo: await follow(context, feeds.url("/cargo.xml"), { category: "Freight" }),
      dock: await follow(context, feeds.url("/dock.xml")),
    };
    await page.goto("/timeline/view-0/all");
    await page.locator('[data-row-id="Port"]').waitFor();

    // The Port folder goes to Social Media, both its feeds with it.
    await page.locator('[data-row-id="Port"]').click({ button: "right" });
    await menuItem(page, "Move to view").hover();
    await menuItem(page, "Social Media").click();
    await expect.poll(async () => (await byTitle(context))["Anchor Weekly"]).toEqual({ view: 1, category: "Port" });
    expect((await byTitle(context))["Berth Weekly"]).toEqual({ view: 1, category: "Port" });
    await expect.poll(() => page.locator('[data-row-id="Port"]').count()).toBe(0);
    await page.goto("/timeline/view-1/all");
    await page.locator('[data-row-id="Port"]').waitFor();
    await page.goto("/timeline/view-0/all");

    // Ungrouping Freight keeps Cargo Weekly, without a folder.
    await page.locator('[data-row-id="Freight"]').click({ button: "right" });
    await menuItem(page, "Ungroup (keep the feeds)").click();
    await expect.poll(async () => (await byTitle(context))["Cargo Weekly"]).toEqual({ view: 0, category: null });
    await expect.poll(() => page.locator('[data-row-id="Freight"]').count()).toBe(0);
    await page.locator(`[data-row-id="${ids.cargo}"]`).waitFor();

    // Cmd/Ctrl-click selects Cargo and Dock; their menu moves both into a new folder.
    const modifier = process.platform === "darwin" ? "Meta" : "Control";
    await page.locator(`[data-row-id="${ids.cargo}"]`).getByRole("link").click({ modifiers: [modifier] });
    await page.locator(`[data-row-id="${ids.dock}"]`).getByRole("link").click({ modifiers: [modifier] });
    await page.locator(`[data-row-id="${ids.dock}"]`).click({ button: "right" });
    await page.getByText("2 feeds selected").waitFor();
    await screenshot(page, "categories-01-selection-menu");
    await menuItem(page, "Move to folder").hover();
    await menuItem(page, "New folder…").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Folder name").fill("Harbour Freight");
    await dialog.getByRole("button", { name: "Move", exact: true }).click();
    await expect.poll(async () => (await byTitle(context))["Cargo Weekly"]).toEqual({ view: 0, category: "Harbour Freight" });
    expect((await byTitle(context))["Dock Weekly"]).toEqual({ view: 0, category: "Harbour Freight" });
    await page.locator('[data-row-id="Harbour Freight"]').waitFor();
    await screenshot(page, "categories-02-moved");
    await context.close();
  });
});
