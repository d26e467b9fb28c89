import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot, uniqueEmail } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { pngSize } from "./helpers/png.ts";
import { follow, signedInPage } from "./helpers/reader.ts";

// The installable web app: the manifest and its icons, starting offline once the worker is in,
// the share target (a shared link opens the follow form) and the install offer in Settings.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}
interface Manifest {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
  share_target: { action: string; method: string; params: Record<string, string> };
}

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let feedUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  const items = [1, 2, 3].map((n) => ({ guid: `tide-${n}`, title: `Tide table ${n}`, description: `High water ${n}.`, published: new Date(Date.now() - n * 3_600_000) }));
  feeds.set("/tides.xml", rss({ title: "Tide Tables", site: "https://tides.example", items }));
  feedUrl = feeds.url("/tides.xml");
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

/** What the page loaded from /assets/ (the lazily loaded chunks too) that the worker has not cached yet. */
function assetsNotCached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => new URL(url).pathname.startsWith("/assets/"));
    const cached = await Promise.all(urls.map((url) => caches.match(url)));
    return urls.filter((_, index) => !cached[index]);
  });
}

const followDialog = (page: Page) => page.getByRole("dialog", { name: "Follow" });

describe("installable web app", () => {
  it("links a manifest that describes a standalone app, with a share target and icons of the sizes it declares", async () => {
    const page = await browser.newPage({ baseURL: baseURL() });
    await page.goto("/login");
    expect(await page.locator('link[rel="manifest"]').getAttribute("href")).toBe("/manifest.webmanifest");
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute("media")))).toEqual([
      "(prefers-color-scheme: light)",
      "(prefers-color-scheme: dark)",
    ]);
    await page.close();

    const response = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ id: "/", name: "Tidings", short_name: "Tidings", start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.share_target).toEqual({ action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    // A launcher picks "any" icons for its lists and "maskable" ones to crop into its own shape.
    expect(manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort()).toEqual(["any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"]);

    for (const icon of [...manifest.icons, { src: touchIcon!, sizes: "180x180", type: "image/png" }]) {
      const image = await fetch(new URL(icon.src, baseURL()));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get("content-type"), icon.src).toBe(icon.type);
      const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    // The share target is a page of the app, never a file.
    const share = await fetch(`${baseURL()}/share?text=hello`);
    expect(share.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("starts from start_url with the network off once the worker is installed", async () => {
    const { context, page } = await signedInPage(browser, { viewport: PHONE, before: async (ctx) => void (await follow(ctx, feedUrl)) });
    await page.getByText("Tide table 1").first().waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => Promise.all(["/", "/manifest.webmanifest", "/icons/icon-192.png"].map((url) => caches.match(url))).then((hits) => hits.every(Boolean)))).toBe(true);
    // A second visit, as before any install: everything the app loads now passes the worker.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.reload();
    await page.getByText("Tide table 1").first().waitFor();
    await expect.poll(() => assetsNotCached(page)).toEqual([]);

    await context.setOffline(true);
    await page.goto("/");
    await page.waitForURL("**/timeline/view-0/all");
    // The app and the entries it saved on this device.
    await page.getByText("Tide table 1").first().waitFor();
    await page.getByText("Offline", { exact: false }).first().waitFor();
    // What the launcher and the splash screen read comes from this device too.
    expect(await page.evaluate(() => fetch("/manifest.webmanifest").then((response) => response.json() as Promise<{ name: string }>))).toMatchObject({ name: "Tidings" });
    expect(await page.evaluate(() => fetch("/icons/maskable-512.png").then((response) => response.headers.get("content-type")))).toBe("image/png");
    await screenshot(page, "pwa-01-offline-start-phone-light");
    await context.setOffline(false);
    await context.close();
  });

  it("opens the follow form on a link shared to the app", async () => {
    const { context, page } = await signedInPage(browser, { viewport: PHONE, path: `/share?title=Tides&text=Look%20${feedUrl}` });
    await page.waitForURL("**/timeline/view-0/all");
    const dialog = followDialog(page);
    await expect.poll(() => dialog.getByLabel("Feed address").inputValue()).toBe(feedUrl);
    await dialog.getByTestId("follow-preview").getByText("Tide Tables").first().waitFor();
    await screenshot(page, "pwa-02-share-follow-phone-light");
    await dialog.getByRole("button", { name: "Follow", exact: true }).click();
    await expect.poll(() => page.getByText("Tide table 1").first().isVisible()).toBe(true);
    await context.close();
  });

  it("brings a signed-out reader's share back after signing in", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/share?url=${encodeURIComponent(feedUrl)}`);
    await page.waitForURL("**/login?redirect=*");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByLabel("Email").fill(uniqueEmail("share"));
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => followDialog(page).getByLabel("Feed address").inputValue()).toBe(feedUrl);
    await context.close();
  });

  it("says when a share holds no web address, with a way home", async () => {
    const { context, page } = await signedInPage(browser, { viewport: PHONE, colorScheme: "dark", path: "/share?title=Hello&text=just%20words" });
    await page.getByText("There is no web address in what was shared.").waitFor();
    expect(await followDialog(page).count()).toBe(0);
    await screenshot(page, "pwa-03-share-no-url-phone-dark");
    await page.getByRole("link", { name: "Back to the timeline" }).click();
    await page.waitForURL("**/timeline/view-0/all");
    await context.close();
  });

  it("offers the install in Settings → General when the browser hands it over", async () => {
    const { context, page } = await signedInPage(browser, { viewport: PHONE, path: "/settings/general" });
    const section = page.getByTestId("install-app");
    await section.waitFor();
    expect(await section.getAttribute("data-state")).not.toBe("installed");
    // Chromium's offer, as the browser sends it: main.tsx keeps it for this section.
    await page.evaluate(() => {
      const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
        prompt: async () => void document.body.setAttribute("data-install-prompted", "yes"),
        userChoice: Promise.resolve({ outcome: "accepted" }),
      });
      window.dispatchEvent(offer);
    });
    await expect.poll(() => section.getAttribute("data-state")).toBe("available");
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "pwa-04-settings-install-phone-light");
    await section.getByRole("button", { name: "Install" }).click();
    await expect.poll(() => page.locator("body").getAttribute("data-install-prompted")).toBe("yes");
    await context.close();
  });

  it("says Installed in the installed app", async () => {
    const { context, page } = await signedInPage(browser, {
      viewport: PHONE,
      colorScheme: "dark",
      path: "/settings/general",
      // Playwright cannot launch the installed app: its display mode is what the page is told.
      before: async (ctx) => {
        await ctx.addInitScript(() => {
          const matchMedia = window.matchMedia.bind(window);
          window.matchMedia = (query: string) => {
            const list = matchMedia(query === "(display-mode: standalone)" ? "all" : query);
            return query === "(display-mode: standalone)" ? Object.defineProperty(list, "matches", { value: true }) : list;
          };
        });
      },
    });
    const section = page.getByTestId("install-app");
    await expect.poll(() => section.getAttribute("data-state")).toBe("installed");
    expect(await section.getByText("Installed", { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "pwa-05-settings-installed-phone-dark");
    await context.close();
  });
});
