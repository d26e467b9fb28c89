// Over 300 lines: the timeline is the product's core; its views, keys, phone layout, size and offline reload belong together.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer, type TestItem, rss } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const HOUR = 3_600_000;
const PALETTES = [
  ["#f97316", "#fb7185"],
  ["#0ea5e9", "#6366f1"],
  ["#10b981", "#0ea5e9"],
  ["#a855f7", "#ec4899"],
  ["#f59e0b", "#ef4444"],
  ["#14b8a6", "#84cc16"],
];

/** A picture the feed server serves: a gradient of the given size with a label, so layouts have real images. */
function picture(path: string, width: number, height: number, label: string, index: number): string {
  const [from, to] = PALETTES[index % PALETTES.length]!;
  feeds.set(
    path,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.78}" cy="${height * 0.28}" r="${Math.min(width, height) * 0.16}" fill="#ffffff" fill-opacity="0.28"/>
  <path d="M0 ${height * 0.78} Q ${width * 0.3} ${height * 0.55} ${width * 0.55} ${height * 0.74} T ${width} ${height * 0.66} V ${height} H 0 Z" fill="#000" fill-opacity="0.18"/>
  <text x="${width * 0.06}" y="${height * 0.9}" font-family="sans-serif" font-size="${Math.round(Math.min(width, height) * 0.09)}" font-weight="700" fill="#fff">${label}</text>
</svg>`,
    "image/svg+xml",
  );
  return feeds.url(path);
}

const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

const LOREM = [
  "A quiet morning in the harbour as the first ferries leave for the islands.",
  "Engineers finished testing the new bridge deck after three years of work.",
  "The city council approved a plan to plant ten thousand trees by next spring.",
  "Researchers found a way to recycle battery metals with far less energy.",
  "A small bakery on the corner now opens at five for the early shift.",
  "Night trains return to the northern line after a decade away.",
];

/** Feeds for every view, served from the loopback server: each layout gets real content. */
function publishFeeds() {
  const articles: TestItem[] = Array.from({ length: 40 }, (_, i) => {
    const n = String(i + 1).padStart(2, "0");
    return {
      guid: `article-${n}`,
      title: `Article ${n}: ${LOREM[i % LOREM.length]!.split(" ").slice(0, 6).join(" ")}`,
      description: `${LOREM[i % LOREM.length]} ${LOREM[(i + 2) % LOREM.length]}`,
      content: `<p>${LOREM[i % LOREM.length]}</p><p>${LOREM[(i + 1) % LOREM.length]}</p>`,
      published: ago(i * 2 + 1),
      ...(i % 3 === 0 ? { image: picture(`/img/article-${n}.svg`, 640, 400, `No. ${n}`, i) } : {}),
    };
  });
  feeds.set("/articles.xml", rss({ title: "Harbour Gazette", site: "https://gazette.example", items: articles }));

  const posts: TestItem[] = Array.from({ length: 8 }, (_, i) => ({
    guid: `post-${i}`,
    title: LOREM[i % LOREM.length]!,
    link: `https://x.com/harbourcam/status/${1000 + i}`,
    content:
      i === 1
        ? Array.from({ length: 14 }, (_, p) => `<p>${LOREM[(i + p) % LOREM.length]} (${p + 1})</p>`).join("")
        : `<p>${LOREM[i % LOREM.length]} <a href="https://example.com/more">Read more</a></p>`,
    published: ago(i * 3 + 0.5),
    ...(i % 2 === 0 ? { image: picture(`/img/post-${i}.svg`, 1200, 675, `Harbour cam ${i + 1}`, i + 1) } : {}),
  }));
  feeds.set("/social.xml", rss({ title: "Harbour Cam", site: "https://x.com/harbourcam", items: posts }));

  const sizes: [number, number][] = [
    [600, 400],
    [400, 600],
    [500, 500],
    [800, 450],
    [450, 700],
    [700, 500],
  ];
  const pictures: TestItem[] = Array.from({ length: 14 }, (_, i) => {
    const [w, h] = sizes[i % sizes.length]!;
    return { guid: `pic-${i}`, title: `Photo ${i + 1}: ${["Dunes", "Pier", "Lighthouse", "Market", "Alley", "Reef"][i % 6]}`, published: ago(i * 4 + 1), image: picture(`/img/pic-${i}.svg`, w, h, `Photo ${i + 1}`, i) };
  });
  feeds.set("/pictures.xml", rss({ title: "Coastal Photos", site: "https://photos.example", items: pictures }));

  const videos: TestItem[] = Array.from({ length: 9 }, (_, i) => ({
    guid: `video-${i}`,
    title: `Episode ${i + 1}: ${LOREM[i % LOREM.length]!.split(" ").slice(0, 5).join(" ")}`,
    published: ago(i * 6 + 2),
    enclosure: { url: feeds.url(`/media/video-${i}.mp4`), type: "video/mp4", length: 1_000_000 },
    image: picture(`/img/video-${i}.svg`, 1280, 720, `Episode ${i + 1}`, i + 2),
  }));
  feeds.set("/videos.xml", rss({ title: "Harbour TV", site: "https://tv.example", items: videos }));

  const episodes: TestItem[] = Array.from({ length: 7 }, (_, i) => ({
    guid: `audio-${i}`,
    title: `Podcast ${i + 1}: ${LOREM[(i + 3) % LOREM.length]!.split(" ").slice(0, 6).join(" ")}`,
    description: LOREM[(i + 1) % LOREM.length]!,
    published: ago(i * 24 + 3),
    enclosure: { url: feeds.url(`/media/episode-${i}.mp3`), type: "audio/mpeg", length: 5_000_000 },
    image: picture(`/img/audio-${i}.svg`, 500, 500, `Ep. ${i + 1}`, i + 3),
  }));
  feeds.set("/audio.xml", rss({ title: "Harbour Talk", site: "https://talk.example", items: episodes }));

  const notices: TestItem[] = Array.from({ length: 12 }, (_, i) => ({
    guid: `notice-${i}`,
    title: [`Build #${420 - i} passed`, `Deploy to production finished`, `New sign-in from Firefox on Linux`, `Backup completed (2.4 GB)`][i % 4]!,
    published: ago(i * 1.5 + 0.2),
  }));
  feeds.set("/notifications.xml", rss({ title: "Ops Alerts", site: "https://ops.example", items: notices }));
}

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  publishFeeds();
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

const rows = (page: Page) => page.locator("[data-entry-id]");
const rowOf = (page: Page, title: string) => page.locator("[data-entry-id]", { hasText: title });
const unreadCount = async (page: Page) => Number((await page.getByTestId("timeline-unread").textContent({ timeout: 2000 }).catch(() => "0")) ?? "0");

/** Waits until every image on the page has loaded (or failed), so screenshots show the real thing. */
async function imagesSettled(page: Page) {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

async function openView(page: Page, view: number) {
  await page.keyboard.press(String(view + 1));
  await page.waitForURL(`**/timeline/view-${view}/all`);
  await page.locator(`[data-testid="timeline"][data-view="${view}"]`).waitFor();
  await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
}

async function followAll(context: BrowserContext) {
  await follow(context, feeds.url("/articles.xml"), { view: 0 });
  await follow(context, feeds.url("/social.xml"), { view: 1 });
  await follow(context, feeds.url("/pictures.xml"), { view: 2 });
  await follow(context, feeds.url("/videos.xml"), { view: 3 });
  await follow(context, feeds.url("/audio.xml"), { view: 4 });
  await follow(context, feeds.url("/notifications.xml"), { view: 5 });
}

describe("the timeline", () => {
  it("lists a followed feed in Articles, moves with J/K, marks read with M and by scrolling, and filters unread", async () => {
    const { context, page } = await signedInPage(browser, { path: "/login" });
    await follow(context, feeds.url("/articles.xml"), { view: 0 });
    await page.goto("/timeline/view-0/all");
    await expect.poll(() => page.getByTestId("timeline-title").textContent()).toBe("Articles");
    await rowOf(page, "Article 01").waitFor();
    expect(await rows(page).first().textContent()).toContain("Harbour Gazette");
    await expect.poll(() => unreadCount(page)).toBe(40);
    expect(await page.getByTestId("timeline-day").count()).toBeGreaterThan(0);
    await imagesSettled(page);
    await screenshot(page, "timeline-articles");

    // J opens the first entry, J the next, K goes back.
    await page.keyboard.press("j");
    await page.waitForURL(/\/timeline\/view-0\/all\/\d+$/);
    const first = await rowOf(page, "Article 01").getAttribute("data-entry-id");
    expect(page.url()).toContain(`/${first}`);
    await page.keyboard.press("j");
    const second = await rowOf(page, "Article 02").getAttribute("data-entry-id");
    await page.waitForURL(`**/${second}`);
    await expect.poll(() => rowOf(page, "Article 02").getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("k");
    await page.waitForURL(`**/${first}`);
    await screenshot(page, "timeline-articles-open");

    // M flips the selected entry's read state, whatever the reader did on opening it.
    await page.waitForTimeout(400);
    const dot = rowOf(page, "Article 01").getByTestId("unread-dot");
    const wasUnread = (await dot.count()) === 1;
    await page.locator('[data-testid="timeline"]').focus();
    await page.keyboard.press("m");
    await expect.poll(() => dot.count()).toBe(wasUnread ? 0 : 1);
    await page.keyboard.press("m");
    await expect.poll(() => dot.count()).toBe(wasUnread ? 1 : 0);

    // Scrolling past entries marks them read (scrollMarkUnread is on by default).
    const before = await unreadCount(page);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollBy(0, 1200));
    await page.waitForTimeout(300);
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollBy(0, 10));
    await expect.poll(() => unreadCount(page)).toBeLessThanOrEqual(before - 5);
    // The server heard of it (one batched call a second).
    await expect
      .poll(async () => {
        const server = Object.values(await apiCall<Record<string, number>>(context, "GET", "/reads?view=0")).reduce((a, b) => a + b, 0);
        return server - (await unreadCount(page));
      })
      .toBe(0);

    // Read entries stay until a refetch; then unread only hides them, and U shows them again.
    await page.getByTestId("timeline-scroll").evaluate((element) => element.scrollTo(0, 0));
    await expect.poll(() => rowOf(page, "Article 02").count()).toBe(1);
    await page.keyboard.press("r");
    await expect.poll(() => rowOf(page, "Article 02").count()).toBe(0);
    expect(await page.getByTestId("timeline-unread-only").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("u");
    await expect.poll(() => page.getByTestId("timeline-unread-only").getAttribute("aria-pressed")).toBe("false");
    await rowOf(page, "Article 02").waitFor();
    await page.keyboard.press("u");
    await expect.poll(() => rowOf(page, "Article 02").count()).toBe(0);
    await context.close();
  });

  it("lays out each of the six views with their entries, in light and dark", async () => {
    const { context, page } = await signedInPage(browser, { path: "/login" });
    await followAll(context);
    await page.goto("/timeline/view-0/all");
    await rows(page).first().waitFor();

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(scheme === "dark");
      await page.mouse.move(0, 0);

      await openView(page, 0);
      await imagesSettled(page);
      await screenshot(page, `timeline-view-0-articles-${scheme}`);

      await openView(page, 1);
      expect(await page.getByText("@harbourcam").count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: "Show more" }).count()).toBe(1);
      await imagesSettled(page);
      await screenshot(page, `timeline-view-1-social-${scheme}`);

      await openView(page, 2);
      await expect.poll(() => page.locator("[data-entry-id] img").count()).toBeGreaterThan(3);
      await imagesSettled(page);
      await screenshot(page, `timeline-view-2-pictures-masonry-${scheme}`);
      await page.getByRole("button", { name: "Show as grid" }).click();
      await imagesSettled(page);
      await screenshot(page, `timeline-view-2-pictures-grid-${scheme}`);
      await page.getByRole("button", { name: "Show as masonry" }).click();

      await openView(page, 3);
      await expect.poll(() => page.locator("[data-entry-id] .aspect-video img").count()).toBeGreaterThan(0);
      await imagesSettled(page);
      await screenshot(page, `timeline-view-3-videos-${scheme}`);

      await openView(page, 4);
      await expect.poll(() => page.locator("[data-entry-id]").getByRole("button", { name: "Play" }).count()).toBeGreaterThan(0);
      await imagesSettled(page);
      await screenshot(page, `timeline-view-4-audios-${scheme}`);

      await openView(page, 5);
      expect(await rowOf(page, "Deploy to production finished").count()).toBeGreaterThan(0);
      await screenshot(page, `timeline-view-5-notifications-${scheme}`);
    }

    // A wide view opens its entry in a panel over the list; Escape closes it.
    await page.emulateMedia({ colorScheme: "light" });
    await openView(page, 2);
    await rows(page).first().click();
    await page.getByTestId("entry-sheet").waitFor();
    await page.waitForURL(/\/timeline\/view-2\/all\/\d+$/);
    await imagesSettled(page);
    await screenshot(page, "timeline-view-2-entry-sheet");
    await page.keyboard.press("Escape");
    await page.waitForURL(/\/timeline\/view-2\/all$/);
    await expect.poll(() => page.getByTestId("entry-sheet").count()).toBe(0);
    await context.close();
  });

  it("on a phone, shows the list alone and an entry full screen with a way back", async () => {
    const { context, page } = await signedInPage(browser, { path: "/login", viewport: { width: 390, height: 844 } });
    await follow(context, feeds.url("/articles.xml"), { view: 0 });
    await page.goto("/timeline/view-0/all");
    await rowOf(page, "Article 01").waitFor();
    await imagesSettled(page);
    await screenshot(page, "timeline-mobile-list");
    await rowOf(page, "Article 01").click();
    await page.getByTestId("entry-mobile").waitFor();
    await screenshot(page, "timeline-mobile-entry");
    await page.getByTestId("entry-close").click();
    await page.waitForURL(/\/timeline\/view-0\/all$/);
    await page.getByRole("button", { name: "Open subscriptions" }).click();
    await screenshot(page, "timeline-mobile-drawer");
    await context.close();
  });

  it("keeps a 10 000-entry Articles timeline virtualised from the top to the last entry", async () => {
    const { context, page } = await signedInPage(browser, { path: "/login" });
    const feedId = await follow(context, feeds.url("/articles.xml"), { view: 0 });
    const feed = { type: "feed", id: feedId, url: feeds.url("/articles.xml"), title: "Harbour Gazette", description: null, image: null, siteUrl: "https://gazette.example", errorMessage: null, errorAt: null, ownerUserId: null };
    const now = Date.now();
    const items = Array.from({ length: 10_000 }, (_, i) => {
      const id = String(7_100_000_000_000_000n + BigInt(i));
      const at = new Date(now - i * 15 * 60_000).toISOString();
      return {
        entries: {
          id,
          title: `Entry ${i + 1}: ${LOREM[i % LOREM.length]}`,
          url: `https://gazette.example/${i}`,
          description: `${LOREM[(i + 1) % LOREM.length]} ${LOREM[(i + 2) % LOREM.length]}`,
          guid: `g-${i}`,
          author: null,
          authorUrl: null,
          authorAvatar: null,
          insertedAt: at,
          publishedAt: at,
          media: i % 4 === 0 ? [{ url: feeds.url(`/img/article-${String((i % 40) + 1).padStart(2, "0")}.svg`), type: "photo" }] : null,
          categories: null,
          attachments: null,
          extra: null,
          language: null,
          feedId,
        },
        feeds: feed,
        read: false,
        cursor: at,
      };
    });
    const body = JSON.stringify({ code: 0, data: items });
    // One answer with every entry (more than a page, so no next page is asked for); reads are acknowledged.
    await context.route("**/api/entries", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 200, contentType: "application/json", body }) : route.continue()));
    await context.route("**/api/reads", (route) => (route.request().method() === "GET" ? route.continue() : route.fulfill({ status: 200, contentType: "application/json", body: '{"code":0,"data":null}' })));
    await page.goto("/timeline/view-0/all");
    await rowOf(page, "Entry 1:").waitFor({ timeout: 30_000 });
    // Only the rows near the viewport are in the page, at the top and at the very end.
    const scroller = page.getByTestId("timeline-scroll");
    const rowsInPage = () => page.locator("[data-entry-id]").count();
    expect(await rowsInPage()).toBeLessThan(100);
    for (let step = 0; step < 40; step++) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      if (await rowOf(page, "Entry 10000:").isVisible()) break;
      await page.waitForTimeout(100);
    }
    await rowOf(page, "Entry 10000:").waitFor();
    expect(await rowsInPage()).toBeLessThan(100);
    expect(await scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(100_000);
    await context.close();
  });

  it("still lists saved entries after an offline reload", async () => {
    const { context, page } = await signedInPage(browser, { path: "/login" });
    await follow(context, feeds.url("/articles.xml"), { view: 0 });
    await page.goto("/timeline/view-0/all");
    await rowOf(page, "Article 01").waitFor();
    // Let the page reach the local database, then cut the API off and reload.
    await page.waitForTimeout(800);
    await context.route("**/api/**", (route) => route.abort("internetdisconnected"));
    await page.reload();
    await rowOf(page, "Article 01").waitFor();
    await page.getByText("Offline: showing entries saved on this device.").waitFor();
    await screenshot(page, "timeline-offline");
    await context.close();
  });
});
