import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// The discover pages: searching a feed or site address, following from a result card (the
// sidebar shows it), keyword search, and the RSSHub catalogue with its parameter form.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="#0ea5e9"/><circle cx="40" cy="40" r="22" fill="#fde68a"/></svg>`;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set("/harbour.svg", PICTURE, "image/svg+xml");
  feeds.set(
    "/harbour.xml",
    rss({
      title: "Quayside Ledger",
      site: "https://harbour.example",
      items: Array.from({ length: 6 }, (_, i) => ({
        guid: `harbour-${i}`,
        title: `Ship arrival ${i + 1}`,
        published: new Date(Date.now() - (i + 1) * 3_600_000),
        content: `<p>The ship number ${i + 1} came in on the tide.</p>`,
        image: feeds.url("/harbour.svg"),
      })),
    }),
  );
  feeds.set(
    "/buoy.xml",
    rss({ title: "Buoy Reports", site: "https://buoy.example", items: [1, 2, 3].map((n) => ({ guid: `buoy-${n}`, title: `Wave height ${n}`, published: new Date(Date.now() - n * 60_000) })) }),
  );
  feeds.set("/lighthouse/rss.xml", rss({ title: "Lighthouse Log", site: "https://lighthouse.example", items: [{ guid: "l-1", title: "Lamp lit", published: new Date() }] }));
  feeds.set("/lighthouse/atom-like.xml", rss({ title: "Lighthouse Weather", site: "https://lighthouse.example", items: [{ guid: "w-1", title: "Fog at dawn", published: new Date() }] }));
  feeds.set(
    "/lighthouse/",
    `<!doctype html><html><head><title>Lighthouse</title>
<link rel="alternate" type="application/rss+xml" title="Log" href="${feeds.url("/lighthouse/rss.xml")}">
<link rel="alternate" type="application/rss+xml" title="Weather" href="/lighthouse/atom-like.xml">
</head><body><h1>The lighthouse</h1></body></html>`,
    "text/html; charset=utf-8",
  );
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

const card = (page: Page, title: string) => page.getByRole("article", { name: title });

async function search(page: Page, keyword: string): Promise<void> {
  const box = page.getByRole("searchbox", { name: "Any URL or keyword" });
  await box.fill(keyword);
  await box.press("Enter");
}

describe("discover", () => {
  it("shows what is trending on this instance and the popular routes (first: trending is kept a minute)", { timeout: 150_000 }, async () => {
    // Another reader follows a feed and reads one of its entries: that is what trends.
    const other = await signedInPage(browser, { name: "Other Reader" });
    const feedId = await follow(other.context, feeds.url("/buoy.xml"));
    const items = await apiCall<{ entries: { id: string } }[]>(other.context, "POST", "/entries", { view: 0, feedId, limit: 5 });
    await apiCall(other.context, "POST", "/reads", { entryIds: [items[0]!.entries.id] });
    await other.context.close();

    const { context, page } = await signedInPage(browser, { path: "/discover" });
    const trending = page.getByRole("region", { name: "Trending on this instance" });
    const feedsColumn = trending.getByRole("region", { name: "Feeds" });
    // The server keeps trending for a minute, and other tests' readers share the instance: come
    // back until the minute that saw the follow above has started.
    const buoy = feedsColumn.locator("li", { hasText: "Buoy Reports" });
    await expect
      .poll(
        async () => {
          if ((await buoy.count()) > 0) return true;
          await page.reload();
          await trending.waitFor();
          return (await buoy.count()) > 0;
        },
        { timeout: 75_000, interval: 3000 },
      )
      .toBe(true);
    expect(await buoy.textContent()).toContain("1 follower");
    await trending.getByRole("region", { name: "Most read this week" }).getByText("Wave height 1").waitFor();
    const popular = page.getByRole("region", { name: "Popular RSSHub routes" });
    await popular.getByRole("article").first().waitFor();
    await screenshot(page, "discover-00-home-light");

    // Following from the trending column: the button and the count change, the sidebar shows it.
    await buoy.getByRole("button", { name: "Follow", exact: true }).click();
    await buoy.getByRole("button", { name: "Followed" }).waitFor();
    expect(await buoy.textContent()).toContain("2 followers");
    await page.locator(`[data-row-id="${feedId}"]`).waitFor();

    // The RSSHub tab keeps its scheme and shows the whole catalogue.
    await page.getByRole("tab", { name: "RSSHub" }).click();
    const input = page.getByRole("textbox", { name: "RSSHub route" });
    expect(await input.inputValue()).toBe("rsshub://");
    await input.fill("github/activity/DIYgod");
    expect(await input.inputValue()).toBe("rsshub://github/activity/DIYgod");
    await page.getByRole("region", { name: "RSSHub routes" }).getByRole("article", { name: "GitHub" }).waitFor();
    await screenshot(page, "discover-04-rsshub-tab-light");
    await context.close();
  });

  it("finds a feed by its address, previews it, follows it from the card and shows it in the sidebar", async () => {
    const { context, page } = await signedInPage(browser, { path: "/discover" });
    await page.getByRole("heading", { name: "Discover", level: 1 }).waitFor();
    await search(page, feeds.url("/harbour.xml"));

    const result = card(page, "Quayside Ledger");
    await result.waitFor();
    const previews = result.getByRole("list", { name: "Latest entries" }).getByRole("listitem");
    await expect.poll(() => previews.count()).toBe(4);
    expect(await previews.first().textContent()).toContain("Ship arrival 1");
    await expect.poll(() => result.locator("img[src$='harbour.svg']").count()).toBe(4);
    expect(await result.getByTestId("subscriber-count").textContent()).toBe("0 followers");
    expect(page.url()).toContain("keyword=");

    const button = result.getByRole("button", { name: "Follow", exact: true });
    await button.click();
    const followed = result.getByRole("button", { name: "Followed" });
    await followed.waitFor();
    expect(await followed.getAttribute("aria-pressed")).toBe("true");
    expect(await result.getByTestId("subscriber-count").textContent()).toBe("1 follower");

    const subscriptions = await apiCall<{ feedId?: string; feeds?: { title: string | null } }[]>(context, "GET", "/subscriptions");
    const subscription = subscriptions.find((item) => item.feeds?.title === "Quayside Ledger");
    expect(subscription?.feedId).toBeTruthy();
    await page.locator(`[data-row-id="${subscription!.feedId}"]`).waitFor();
    await screenshot(page, "discover-01-feed-followed-light");

    // A keyword finds it among this instance's feeds, already followed.
    await search(page, "Quayside");
    await card(page, "Quayside Ledger").getByRole("button", { name: "Followed" }).waitFor();

    // Unfollowing from the card takes it out of the sidebar.
    await card(page, "Quayside Ledger").getByRole("button", { name: "Followed" }).click();
    await card(page, "Quayside Ledger").getByRole("button", { name: "Follow", exact: true }).waitFor();
    await page.locator(`[data-row-id="${subscription!.feedId}"]`).waitFor({ state: "detached" });
    await expect.poll(async () => (await apiCall<unknown[]>(context, "GET", "/subscriptions")).length).toBe(0);
    await context.close();
  });

  it("finds the feeds a site announces, and says so when a keyword finds nothing", async () => {
    const { context, page } = await signedInPage(browser, { path: "/discover", colorScheme: "dark" });
    await search(page, feeds.url("/lighthouse/"));
    await card(page, "Lighthouse Log").waitFor();
    await card(page, "Lighthouse Weather").waitFor();
    expect(await page.getByText("2 results").count()).toBe(1);
    await screenshot(page, "discover-02-site-feeds-dark");

    await search(page, "zzqxnothingmatches");
    await page.getByText("No feeds found for “zzqxnothingmatches”").waitFor();

    await page.getByRole("tab", { name: "Lists" }).click();
    await page.getByText("No lists found for “zzqxnothingmatches”").waitFor();

    // An address that answers no feed shows the error's message.
    await page.getByRole("tab", { name: "Feeds" }).click();
    await search(page, feeds.url("/missing.xml"));
    await page.getByRole("alert").first().waitFor();
    await context.close();
  });

  it("builds an RSSHub address from a route's parameters and hands it to the follow dialog", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await signedInPage(browser, { path: "/discover/category/programming", colorScheme });
      const github = page.getByRole("article", { name: "GitHub" });
      await github.waitFor();
      expect(await page.getByRole("link", { name: "Programming" }).getAttribute("aria-current")).toBe("page");
      await github.getByRole("button", { name: /Repo Issues/ }).click();

      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      const url = dialog.getByTestId("rsshub-url");
      expect(await url.textContent()).toBe("rsshub://github/issue/:user/:repo");
      await dialog.getByRole("textbox", { name: /^user/ }).fill("DIYgod");
      await dialog.getByRole("textbox", { name: /^repo/ }).fill("RSSHub");
      expect(await url.textContent()).toBe("rsshub://github/issue/DIYgod/RSSHub");

      // An empty optional parameter before a filled one cannot be written in the path.
      await dialog.getByRole("textbox", { name: /^labels/ }).fill("bug");
      await dialog.getByRole("button", { name: "Follow" }).click();
      await dialog.getByText("Fill in this parameter too").waitFor();
      await dialog.getByRole("combobox", { name: /^state/ }).selectOption("closed");
      expect(await url.textContent()).toBe("rsshub://github/issue/DIYgod/RSSHub/closed/bug");
      await screenshot(page, `discover-03-route-form-${colorScheme}`);
      await dialog.getByRole("button", { name: "Follow" }).click();

      const follow = page.getByRole("dialog", { name: "Follow" });
      await follow.waitFor();
      expect(await follow.getByRole("textbox", { name: "Feed address" }).inputValue()).toBe("rsshub://github/issue/DIYgod/RSSHub/closed/bug");
      await context.close();
    }
  });

  it("lists every route on /rsshub, filters them, and opens a route from a deep link with its values", async () => {
    const { context, page } = await signedInPage(browser, { path: "/rsshub" });
    await page.getByRole("article", { name: "GitHub" }).waitFor();
    await page.getByRole("searchbox", { name: "Filter sites and routes" }).fill("starred");
    await expect.poll(() => page.getByRole("article").count()).toBe(1);
    await page.getByRole("article", { name: "GitHub" }).getByRole("button", { name: /User Starred Repositories/ }).waitFor();
    await page.getByRole("searchbox", { name: "Filter sites and routes" }).fill("");
    await page.getByRole("navigation", { name: "Categories" }).getByRole("button", { name: "Social media" }).click();
    await page.getByRole("article", { name: "YouTube" }).waitFor();
    expect(await page.getByRole("article", { name: "GitHub" }).count()).toBe(0);
    await screenshot(page, "discover-05-rsshub-page-light");

    await page.goto("/rsshub?route=" + encodeURIComponent("rsshub://github/issue/DIYgod/RSSHub"));
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Repo Issues" }).waitFor();
    expect(await dialog.getByTestId("rsshub-url").textContent()).toBe("rsshub://github/issue/DIYgod/RSSHub");
    await context.close();
  });

  it("imports an OPML file and creates an inbox from their Discover tabs", async () => {
    const { context, page } = await signedInPage(browser, { path: "/discover?type=import" });
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="Sea">
      <outline type="rss" text="Quayside Ledger" xmlUrl="${feeds.url("/harbour.xml")}"/>
      <outline type="rss" text="Buoy Reports" xmlUrl="${feeds.url("/buoy.xml")}"/>
    </outline></body></opml>`;
    await page.getByTestId("opml-file").setInputFiles({ name: "two.opml", mimeType: "text/x-opml", buffer: Buffer.from(opml) });
    await page.getByText("Imported 2, already followed 0, could not import 0.").waitFor({ timeout: 30_000 });
    await page.locator('[data-row-id="Sea"]').waitFor();
    expect((await apiCall<{ category: string | null }[]>(context, "GET", "/subscriptions")).map((s) => s.category)).toEqual(["Sea", "Sea"]);

    await page.getByRole("tab", { name: "Inbox" }).click();
    await page.getByRole("button", { name: "Create an inbox" }).click();
    const form = page.getByRole("dialog");
    const handle = `tide-${Date.now().toString(36)}`;
    await form.getByLabel("Handle").fill(handle);
    await form.getByLabel("Title").fill("Tide letters");
    await form.getByRole("button", { name: "New inbox" }).click();
    await form.waitFor({ state: "detached" });
    await expect.poll(async () => (await apiCall<{ id: string }[]>(context, "GET", "/inboxes/list")).map((inbox) => inbox.id)).toContain(handle);
    await screenshot(page, "discover-06-inbox-tab-light");
    await context.close();
  });
});
