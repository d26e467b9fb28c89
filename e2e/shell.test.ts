import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("web shell", () => {
  it("shows the not-found page with the current path and a way home", async () => {
    const page = await browser.newPage({ baseURL: baseURL() });
    await page.goto("/no/such/place");
    await expect.poll(() => page.getByText("desert of knowledge").isVisible()).toBe(true);
    expect(await page.getByText("/no/such/place").isVisible()).toBe(true);
    expect(await page.locator("#app-skeleton").count()).toBe(0);
    await screenshot(page, "10-not-found");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await page.waitForURL("**/login");
    await page.close();
  });

  it("redirects a path ending in /index.html to /", async () => {
    const page = await browser.newPage({ baseURL: baseURL() });
    const response = await page.goto("/timeline/index.html");
    await page.waitForURL("**/login");
    expect(response?.ok()).toBe(true);
    await page.close();
  });

  it("follows the device's dark preference by default", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto("/login");
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await screenshot(page, "11-login-dark");
    await context.close();
  });

  it("serves hashed assets for a year and the page itself without caching", async () => {
    const index = await fetch(`${baseURL()}/timeline/view-1/all`);
    expect(index.status).toBe(200);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    const html = await index.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const script = await fetch(`${baseURL()}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toContain("immutable");
    // The build's precompressed copies go out as they are, to clients that take them.
    const plain = await fetch(`${baseURL()}${asset}`, { headers: { "accept-encoding": "identity" } });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    for (const encoding of ["br", "gzip"]) {
      const response = await fetch(`${baseURL()}${asset}`, { headers: { "accept-encoding": encoding }, decompress: false } as RequestInit);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(Number(response.headers.get("content-length"))).toBeLessThan(plainBytes / 2);
    }
  });
});
