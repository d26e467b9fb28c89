import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const ARTICLE_PARAGRAPHS = Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the complete article. Lighthouses were once tended by keepers who trimmed the wicks, wound the clockwork and logged every passing ship through the long winter nights.</p>`,
).join("\n");

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set(
    "/articles/lighthouse.html",
    `<!doctype html><html><head><title>The last lighthouse keeper</title></head><body>
      <nav><a href="/">Home</a> · <a href="/about">About</a></nav>
      <article><h1>The last lighthouse keeper</h1>${ARTICLE_PARAGRAPHS}</article>
      <footer>© Coastal Times</footer></body></html>`,
    "text/html; charset=utf-8",
  );
  feeds.set(
    "/media/fog.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="#94a3b8"/><circle cx="320" cy="180" r="90" fill="#f97316"/></svg>`,
    "image/svg+xml",
  );
  feeds.set(
    "/coast.xml",
    rss({
      title: "Coastal Times",
      site: feeds.url("/"),
      items: [
        {
          guid: "lighthouse",
          title: "The last lighthouse keeper",
          link: feeds.url("/articles/lighthouse.html"),
          published: new Date(Date.now() - 3 * 3600_000),
          content: `<p>A short teaser about <strong>the last keeper</strong> of the northern light.</p>
            <p>Read the background on <a href="https://example.org/lighthouses">the lighthouse society's site</a>.</p>
            <blockquote><p>The light must never go out.</p></blockquote>`,
        },
        {
          guid: "episode",
          title: "Episode 12: Fog signals",
          published: new Date(Date.now() - 4 * 3600_000),
          enclosure: { url: feeds.url("/media/episode-12.mp3"), type: "audio/mpeg", length: 24_117_248 },
          content: `<p>This week we listen to the <em>diaphone</em> and other fog signals.</p>
            <figure><img src="${feeds.url("/media/fog.svg")}" alt="A foghorn" width="640" height="360"><figcaption>The old foghorn at the point.</figcaption></figure>
            <pre><code class="language-js">const blast = () => horn.sound({ seconds: 2 });</code></pre>`,
        },
        {
          guid: "harbour",
          title: "Harbour news",
          published: new Date(Date.now() - 5 * 3600_000),
          content: "<p>Boats came and went.</p>",
        },
      ],
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

interface Item {
  entries: { id: string; title: string | null; url: string | null };
  read: boolean | null;
}

/** The newest entry of a followed feed, by title, from the API. */
async function entryNamed(context: BrowserContext, feedId: string, title: string): Promise<Item> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const items = await apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedId, limit: 20 });
    const found = items.find((item) => item.entries.title === title);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no entry "${title}"`);
}

const toolbarButton = (page: Page, name: string) => page.getByRole("toolbar", { name: "Entry actions" }).getByRole("button", { name, exact: true });

async function openReader(colorScheme: "light" | "dark", options: { title?: string; viewport?: { width: number; height: number } } = {}) {
  const { context, page } = await signedInPage(browser, { colorScheme, ...(options.viewport ? { viewport: options.viewport } : {}) });
  const feedId = await follow(context, feeds.url("/coast.xml"));
  const item = await entryNamed(context, feedId, options.title ?? "The last lighthouse keeper");
  const path = `/timeline/view-0/${feedId}/${item.entries.id}`;
  await page.goto(path);
  await page.getByTestId("entry-title").waitFor();
  return { context, page, feedId, entryId: item.entries.id, path };
}

describe("the entry reader", () => {
  it("shows an entry with its toolbar, marks it read, stars it and toggles read with M", async () => {
    const { context, page, feedId, entryId } = await openReader("light");
    expect(await page.getByTestId("entry-title").textContent()).toBe("The last lighthouse keeper");
    await page.getByTestId("entry-content").getByText("the last keeper").waitFor();
    expect(await page.getByRole("link", { name: "Coastal Times" }).first().isVisible()).toBe(true);
    // Opening it marked it read: the toolbar offers the opposite.
    await toolbarButton(page, "Mark as unread").waitFor();
    await expect.poll(async () => (await entryNamed(context, feedId, "The last lighthouse keeper")).read, { timeout: 5000 }).toBe(true);
    await screenshot(page, "entry-01-reader-light");

    await toolbarButton(page, "Star").click();
    await toolbarButton(page, "Unstar").waitFor();
    await expect
      .poll(async () => (await apiCall<Item[]>(context, "POST", "/entries", { view: 0, isCollection: true })).map((i) => i.entries.id), { timeout: 5000 })
      .toContain(entryId);

    await page.getByTestId("entry-article").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("m");
    await toolbarButton(page, "Mark as read").waitFor();
    await expect.poll(async () => (await entryNamed(context, feedId, "The last lighthouse keeper")).read, { timeout: 5000 }).toBe(false);
    await page.keyboard.press("m");
    await toolbarButton(page, "Mark as unread").waitFor();

    // The starred timeline holds it.
    await page.goto(`/timeline/view-0/collections/${entryId}`);
    await page.getByTestId("entry-title").waitFor();
    await toolbarButton(page, "Unstar").waitFor();
    await context.close();
  });

  it("copies the link with the keyboard, warns before leaving, and toggles readability", async () => {
    const { context, page } = await openReader("dark");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByTestId("entry-content").getByText("the last keeper").waitFor();
    await page.getByTestId("entry-article").click({ position: { x: 5, y: 5 } });
    await page.keyboard.press("ControlOrMeta+Shift+C");
    await page.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feeds.url("/articles/lighthouse.html"));

    // Jump-out warning on a link of the content.
    const popups: string[] = [];
    context.on("page", (popup) => popups.push(popup.url()));
    await page.getByTestId("entry-article").getByRole("link", { name: "the lighthouse society's site" }).click();
    const dialog = page.getByRole("alertdialog", { name: "You are about to leave Tidings" });
    await dialog.waitFor();
    expect(await page.getByTestId("jump-out-url").textContent()).toBe("https://example.org/lighthouses");
    await screenshot(page, "entry-02-jump-out-dark");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(popups).toEqual([]);

    // Readability: the full article replaces the teaser, and back.
    await toolbarButton(page, "Readability").click();
    await page.getByTestId("readability-notice").waitFor();
    await page.getByTestId("entry-content").getByText("Paragraph 8 of the complete article").waitFor();
    expect(await page.getByTestId("entry-content").getByText("the last keeper").count()).toBe(0);
    await screenshot(page, "entry-03-readability-dark");
    await toolbarButton(page, "Exit readability").click();
    await page.getByTestId("entry-content").getByText("the last keeper").waitFor();

    // The more menu.
    await toolbarButton(page, "More actions").click();
    await page.getByRole("menuitem", { name: /Copy title/ }).waitFor();
    await screenshot(page, "entry-04-more-menu-dark");
    await page.keyboard.press("Escape");

    // Export as PDF prints the article alone, dark ink on white.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("entry-article").isVisible()).toBe(true);
    expect(await page.getByRole("toolbar", { name: "Entry actions" }).isVisible()).toBe(false);
    expect(await page.getByText("Harbour news").isVisible()).toBe(false);
    const ink = await page.getByTestId("entry-title").evaluate((element) => getComputedStyle(element).color);
    expect(ink).toBe("rgb(24, 24, 27)");
    await screenshot(page, "entry-07-print-dark");
    await page.emulateMedia({ media: null });
    await context.close();
  });

  it("customizes the toolbar and shows the source page inside the reader", async () => {
    const { context, page } = await openReader("light");
    await toolbarButton(page, "More actions").click();
    await page.getByRole("menuitem", { name: /Customize toolbar/ }).click();
    await page.getByRole("button", { name: "Move Copy link to the toolbar" }).click();
    await screenshot(page, "entry-05-customize-light");
    await page.getByRole("button", { name: "Done" }).click();
    await toolbarButton(page, "Copy link").waitFor();

    await toolbarButton(page, "View source content").click();
    await page.getByTestId("source-frame").waitFor();
    expect(await page.locator("iframe").getAttribute("src")).toBe(feeds.url("/articles/lighthouse.html"));
    await screenshot(page, "entry-06-source-light");
    await toolbarButton(page, "Back to content").click();
    await page.getByTestId("entry-article").waitFor();
    await context.close();
  });

  it("shows audio attachments, images and code, and reads on a phone", async () => {
    const { context, page } = await openReader("dark", { title: "Episode 12: Fog signals" });
    await page.getByTestId("entry-content").getByText("The old foghorn at the point.").waitFor();
    const attachments = page.getByTestId("entry-attachments");
    expect(await attachments.getByText("Episode 12: Fog signals").isVisible()).toBe(true);
    expect(await attachments.getByText(/23 MB/).isVisible()).toBe(true);
    await screenshot(page, "entry-08-podcast-dark");
    await context.close();

    const phone = await openReader("light", { title: "Episode 12: Fog signals", viewport: { width: 390, height: 844 } });
    await phone.page.getByTestId("entry-content").getByText("The old foghorn at the point.").waitFor();
    await screenshot(phone.page, "entry-09-phone-light");
    await phone.page.getByRole("button", { name: "Back to the list" }).click();
    await phone.page.waitForURL((url) => !url.pathname.endsWith(phone.entryId));
    await phone.context.close();
  });
});
