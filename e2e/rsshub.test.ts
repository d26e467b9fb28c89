import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRsshubServer, type RsshubServer } from "@tidings/server/testing";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiAt, signedInContext, startServer, type RunningServer } from "./helpers/extra-server.ts";

const namespaces = (name: string) => ({
  test: {
    name,
    url: "example.com",
    lang: "en",
    routes: { "/news/:section": { path: "/news/:section", name: `${name} news`, example: "/test/news/harbour", parameters: { section: "Section of the paper" }, categories: ["blog"], maintainers: ["me"], location: "news.ts" } },
  },
});

let browser: Browser;
let server: RunningServer;
let fallbackHub: RsshubServer; // the server's default instance (RSSHUB_URL)
let ownHub: RsshubServer; // the reader's own instance, with an access key
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  fallbackHub = await startRsshubServer({ name: "Harbour Gazette", routes: { "/test/news/harbour": ["Ferry timetable changes"] }, namespaces: namespaces("Default hub") });
  ownHub = await startRsshubServer({
    name: "Harbour Gazette",
    accessKey: "e2e-key",
    routes: { "/test/news/harbour": ["Lighthouse repainted", "Pier reopens"] },
    namespaces: namespaces("My hub"),
  });
  server = await startServer({ RSSHUB_URL: fallbackHub.baseUrl });
  ({ context } = await signedInContext(browser, server.baseURL));
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await Promise.all([fallbackHub?.close(), ownHub?.close()]);
});

describe("RSSHub instances", () => {
  it("adds an instance, uses it, follows a route through it, and shows the fallback when it goes down", async () => {
    await page.goto("/rsshub");
    const card = page.getByRole("region", { name: "Instance in use" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Instance in use" }) }));
    await card.first().waitFor();

    // A wrong key is refused with the instance's reason, and nothing is saved.
    await page.getByRole("button", { name: "Add instance" }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Base URL").fill(ownHub.baseUrl);
    await form.getByLabel("Access key").fill("not-the-key");
    await form.getByLabel("Description").fill("My harbour hub");
    await form.getByRole("button", { name: "Save" }).click();
    await form.getByText("The instance refused the access key (HTTP 403)").waitFor();
    await screenshot(page, "rsshub-01-refused-key-light");
    await form.getByLabel("Access key").fill("e2e-key");
    await form.getByRole("button", { name: "Save" }).click();
    await form.waitFor({ state: "detached" });

    const row = page.getByRole("row", { name: /My harbour hub/ });
    await row.getByText("Available", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Use" }).click();
    await row.getByText("In use").waitFor();
    await expect.poll(() => card.first().textContent()).toContain("My harbour hub");
    await screenshot(page, "rsshub-02-instance-in-use-light");

    // The route form: the catalogue and the live preview come from the reader's instance.
    await page.goto("/rsshub?route=" + encodeURIComponent("/test/news/:section"));
    const routeForm = page.getByRole("dialog");
    await routeForm.getByRole("heading", { name: "My hub news" }).waitFor();
    await routeForm.getByRole("textbox", { name: /^section/ }).fill("harbour");
    expect(await routeForm.getByTestId("rsshub-url").textContent()).toBe("rsshub://test/news/harbour");
    await routeForm.getByTestId("rsshub-resolved-through").getByText("My harbour hub").waitFor();
    const preview = routeForm.getByTestId("follow-preview");
    await preview.getByText("Lighthouse repainted").waitFor({ timeout: 15_000 });
    await screenshot(page, "rsshub-03-route-preview-light");
    await routeForm.getByRole("button", { name: "Follow" }).click();
    const follow = page.getByRole("dialog", { name: "Follow" });
    expect(await follow.getByRole("textbox", { name: "Feed address" }).inputValue()).toBe("rsshub://test/news/harbour");
    await follow.getByRole("button", { name: "Follow", exact: true }).click();
    await page.waitForURL(/\/timeline\/view-\d\/\d{13,19}$/);
    const feedId = page.url().split("/").at(-1)!;
    await page.getByText("Pier reopens").first().waitFor();
    expect(ownHub.hits("/test/news/harbour")).toBe(1);
    expect(fallbackHub.hits("/test/news/harbour")).toBe(0);

    // The instance goes down: the next refresh falls back to the default and the feed says so.
    await ownHub.down();
    await apiAt(context, server.baseURL, "GET", `/feeds/refresh?id=${feedId}`);
    expect(fallbackHub.hits("/test/news/harbour")).toBe(1);
    await page.reload();
    await page.getByText("Ferry timetable changes").first().waitFor();
    const fallback = page.locator(`[data-row-id="${feedId}"]`).getByRole("img", { name: /My harbour hub is unavailable .*: fetched through the default RSSHub instance/ });
    await fallback.waitFor();
    await fallback.hover();
    await page.getByRole("tooltip").waitFor();
    await screenshot(page, "rsshub-04-fallback-light");

    await page.goto("/rsshub");
    await page.getByRole("row", { name: /My harbour hub/ }).getByText("Unavailable", { exact: true }).waitFor();
    // Its routes are gone with it: the default instance's catalogue is shown meanwhile.
    await page.getByRole("article", { name: "Default hub" }).waitFor();
    await screenshot(page, "rsshub-05-unavailable-light");
    await ownHub.up();

    // Settings → RSSHub manages the same instances.
    await page.goto("/settings/rsshub");
    await page.getByRole("heading", { name: "Instance in use" }).waitFor();
    await page.getByRole("row", { name: /My harbour hub/ }).getByRole("button", { name: "Check now" }).click();
    await page.getByRole("row", { name: /My harbour hub/ }).getByText("Available", { exact: true }).waitFor();
    await screenshot(page, "rsshub-06-settings-light");
  });
});
