import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { follow, signedInPage } from "./helpers/reader.ts";

// The Content-Security-Policy of the app and its share pages: the client runs under it with no
// violation reported (the theme script passes by its hash, styles and images load).

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

/** Every CSP violation the page reports, from before its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`console: ${message.text()}`);
  });
  await page.exposeFunction("__reportViolation", (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return seen;
}

describe("Content-Security-Policy", () => {
  it("reports no violation while reading a feed, an entry and the feed's share page", async () => {
    const { context, page } = await signedInPage(browser, { path: "/" });
    const violations = await watchViolations(page);
    const feedId = await follow(context, feeds.publish("/csp.xml", "Policy Feed", 3));
    const response = await page.goto(`/timeline/view-0/${feedId}`);
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    await page.locator("[data-entry-id]").first().click();
    await page.waitForTimeout(1000);
    await page.goto(`/share/feeds/${feedId}`);
    await expect.poll(() => page.locator("body").innerText()).toContain("Policy Feed");
    await page.waitForTimeout(500);
    // Not one: zod runs jitless in the page (no `new Function`, not even its probe for it).
    expect(violations).toEqual([]);
    await context.close();
  });
});
