import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// The share dialog of an entry (spec §2 "share dialog"), and the entry's public page as a visitor
// without an account and a link preview see it: server-rendered, with Open Graph tags and a
// generated picture, then taken over by the client.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const TITLE = "The harbour at dawn: boats & <tides>";

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set(
    "/media/boats.svg",
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="#38bdf8"/><circle cx="320" cy="180" r="90" fill="#f97316"/></svg>`,
    "image/svg+xml",
  );
  feeds.set(
    "/harbour.xml",
    rss({
      title: "Harbour Log",
      site: feeds.url("/"),
      items: [
        {
          guid: "dawn",
          title: TITLE,
          link: feeds.url("/articles/dawn.html"),
          published: new Date(Date.now() - 2 * 3600_000),
          content: `<p>The first boats leave before the <strong>sun is up</strong>.</p><figure><img src="${feeds.url("/media/boats.svg")}" alt="Boats" width="640" height="360"></figure><p>By seven the quay is empty.</p>`,
        },
      ],
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

/** The entry of the harbour feed, once the server has fetched it. */
async function harbourEntry(context: BrowserContext, feedId: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const items = await apiCall<{ entries: { id: string; title: string | null } }[]>(context, "POST", "/entries", { view: 0, feedId, limit: 20 });
    const found = items.find((item) => item.entries.title === TITLE);
    if (found) return found.entries.id;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the entry never arrived");
}

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe("sharing an entry", () => {
  let entryId = "";

  it("opens the share dialog from the reader: both links, copy, social targets and a QR code", async () => {
    const { context, page } = await signedInPage(browser, { colorScheme: "light" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const feedId = await follow(context, feeds.url("/harbour.xml"));
    entryId = await harbourEntry(context, feedId);
    await page.goto(`/timeline/view-0/${feedId}/${entryId}`);
    await page.getByTestId("entry-title").waitFor();

    await page.getByRole("toolbar", { name: "Entry actions" }).getByRole("button", { name: "Share", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Share" });
    await dialog.waitFor();
    await dialog.getByRole("img", { name: "QR code of the link" }).waitFor();
    expect(await dialog.getByTestId("share-dialog-subject").textContent()).toBe(TITLE);
    const link = dialog.getByLabel("Link", { exact: true });
    expect(await link.inputValue()).toBe(feeds.url("/articles/dawn.html"));
    const x = dialog.getByRole("link", { name: "Share on X" });
    expect(await x.getAttribute("href")).toBe(`https://x.com/intent/tweet?text=${encodeURIComponent(TITLE)}&url=${encodeURIComponent(feeds.url("/articles/dawn.html"))}`);
    expect(await x.getAttribute("rel")).toContain("noopener");
    expect(await x.getAttribute("target")).toBe("_blank");

    // Our public page instead of the original, copied.
    await dialog.getByRole("radio", { name: "Page on Tidings" }).click();
    const pageUrl = `${baseURL()}/share/entries/${entryId}`;
    expect(await link.inputValue()).toBe(pageUrl);
    await dialog.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    await screenshot(page, "share-dialog-01-entry-light");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The image gallery of the entry's pictures (entry action), and the print sheet of "Export as PDF".
    await page.getByRole("toolbar", { name: "Entry actions" }).getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: /Image gallery/ }).click();
    const gallery = page.getByRole("dialog");
    await gallery.locator("img[src*='boats.svg']").waitFor();
    await screenshot(page, "share-dialog-04-gallery-light");
    await page.keyboard.press("Escape");
    await gallery.waitFor({ state: "detached" });
    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("entry-article").isVisible()).toBe(true);
    expect(await page.getByRole("toolbar", { name: "Entry actions" }).isVisible()).toBe(false);
    await page.emulateMedia({ media: null });
    await context.close();
  });

  it("serves the entry's page to a visitor without an account: preview tags and picture, then the client with Follow", async () => {
    expect(entryId).not.toBe("");
    const visitor = await browser.newContext({ baseURL: baseURL(), colorScheme: "dark", viewport: { width: 1280, height: 900 } });

    // What a link preview reads: the raw HTML and the picture it names.
    const raw = await visitor.request.get(`/share/entries/${entryId}`);
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    expect(metaOf(html, "og:title")).toBe("The harbour at dawn: boats &amp; &lt;tides&gt;");
    expect(metaOf(html, "og:type")).toBe("article");
    expect(metaOf(html, "og:url")).toBe(`${baseURL()}/share/entries/${entryId}`);
    expect(metaOf(html, "twitter:card")).toBe("summary_large_image");
    const image = metaOf(html, "og:image")!;
    expect(image).toMatch(new RegExp(`^${baseURL()}/og/entries/${entryId}\\?v=`));
    const picture = await visitor.request.get(image.replaceAll("&amp;", "&"));
    expect(picture.headers()["content-type"]).toBe("image/png");
    const png = await picture.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(html).toContain("The first boats leave before the <strong>sun is up</strong>.");
    expect(html).not.toContain("<tides>");

    // Without scripts the server's page is what shows.
    const noScript = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const plain = await noScript.newPage();
    await plain.goto(`/share/entries/${entryId}`);
    expect(await plain.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    expect(await plain.getByRole("link", { name: "Follow Harbour Log" }).isVisible()).toBe(true);
    await screenshot(plain, "share-dialog-02-entry-page-no-script");
    await noScript.close();

    // With scripts the client takes over, signed out: the entry, and Follow asks to sign in.
    const page = await visitor.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`/share/entries/${entryId}`);
    await page.getByTestId("share-title").getByText(TITLE).waitFor();
    await page.getByTestId("share-entry-content").getByText("By seven the quay is empty.").waitFor();
    const followLink = page.getByRole("link", { name: "Follow Harbour Log" });
    expect(await followLink.getAttribute("href")).toBe(`/login?redirect=${encodeURIComponent(`/share/entries/${entryId}`)}`);
    await screenshot(page, "share-dialog-03-entry-page-signed-out-dark");
    expect(errors).toEqual([]);

    // The feed's page is public too, and leads back to the entry.
    await page.getByRole("link", { name: "Harbour Log" }).first().click();
    await page.getByTestId("share-title").getByText("Harbour Log").waitFor();
    await page.getByRole("list", { name: "Latest entries" }).getByRole("link", { name: TITLE }).click();
    await page.waitForURL(`**/share/entries/${entryId}`);
    await visitor.close();
  });
});
