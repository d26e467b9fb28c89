import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiAt, signedInContext, startServer, type RunningServer } from "./helpers/extra-server.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { startTelemetryCollector } from "./helpers/telemetry-collector.ts";

// Words that exist only in one entry: none of them may leave the browser for a telemetry service.
const TITLE = "Quillwort marmalade zeppelin";
const CONTENT = "The periwinkle xylophone hums beneath the moss";

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let collector: Awaited<ReturnType<typeof startTelemetryCollector>>;
let instance: RunningServer;

beforeAll(async () => {
  [browser, feeds, collector] = await Promise.all([launchBrowser(), startFeedServer(), startTelemetryCollector()]);
  feeds.set(
    "/private.xml",
    rss({ title: "Private notes", site: feeds.url("/"), items: [{ guid: "secret", title: TITLE, published: new Date(Date.now() - 3600_000), content: `<p>${CONTENT}</p>` }] }),
  );
  instance = await startServer({
    ANALYTICS_HOST: collector.origin,
    ANALYTICS_KEY: "phc_e2e_public_key",
    ERROR_REPORTING_DSN: `http://publickey@${collector.origin.replace("http://", "")}/1`,
  });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([feeds?.close(), collector?.close(), instance?.stop()]);
});

// Analytics clients drop events from automated and headless browsers as bots: this one looks like a person's.
const DESKTOP_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

async function signIn(origin: string): Promise<{ context: BrowserContext; page: Page; userId: string }> {
  const { context, userId } = await signedInContext(browser, origin, { userAgent: DESKTOP_CHROME });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false }));
  return { context, page: await context.newPage(), userId };
}

const api = apiAt;

const noContentLeft = () => {
  for (const request of collector.requests) {
    for (const word of [TITLE, CONTENT, "Quillwort", "periwinkle"]) {
      expect(request.raw, `${request.path} carries "${word}"`).not.toContain(word);
      expect(request.text, `${request.path} carries "${word}"`).not.toContain(word);
    }
  }
};

describe("usage data and error reports, when the instance configures them", () => {
  it("sends page views and errors with the trace id, never entry content, and stops on opt-out", async () => {
    const origin = instance.baseURL;
    const { context, page, userId } = await signIn(origin);
    await page.goto("/timeline/view-0/all");

    // A page view, and the person identified by the user id only (a first sign-in on this browser).
    await expect.poll(() => collector.events().some((e) => e.event === "$pageview" && e.properties.$pathname === "/timeline/view-0/all"), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => collector.events().find((e) => e.event === "$identify")?.properties.distinct_id, { timeout: 15_000 }).toBe(userId);
    await expect.poll(() => collector.events().some((e) => e.event === "sign_in"), { timeout: 15_000 }).toBe(true);
    expect(JSON.stringify(collector.events())).not.toContain("@example.com");

    // Open an entry with distinctive text.
    const feedId = (await api<{ feedId: string }>(context, origin, "POST", "/subscriptions", { url: feeds.url("/private.xml"), view: 0 })).feedId;
    let entryId = "";
    await expect
      .poll(async () => {
        const items = await api<{ entries: { id: string; title: string } }[]>(context, origin, "POST", "/entries", { view: 0, feedId });
        entryId = items.find((item) => item.entries.title === TITLE)?.entries.id ?? "";
        return entryId;
      })
      .not.toBe("");
    const entryPath = `/timeline/view-0/${feedId}/${entryId}`;
    // Words in a URL query (as a search puts them) must not leave either; then a click in the text.
    await page.goto(`${entryPath}?q=${encodeURIComponent(TITLE)}`);
    await page.getByTestId("entry-content").getByText(CONTENT).click();
    await page.getByTestId("entry-content").getByText(CONTENT).waitFor();
    await expect.poll(() => collector.events().some((e) => e.event === "$pageview" && e.properties.$pathname === entryPath), { timeout: 15_000 }).toBe(true);

    // An error thrown in the page, and an unhandled rejection, are reported with the session trace id.
    const traceId = await page.evaluate(() => sessionStorage.getItem("tidings:trace-id"));
    expect(traceId).toMatch(/^.{21}$/);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("h6 telemetry check: thrown");
      });
      setTimeout(() => void Promise.reject(new Error("h6 telemetry check: rejected")), 50);
    });
    const reported = (text: string) => collector.errorEvents().find((event) => JSON.stringify(event).includes(text));
    await expect.poll(() => Boolean(reported("h6 telemetry check: thrown")), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => Boolean(reported("h6 telemetry check: rejected")), { timeout: 15_000 }).toBe(true);
    expect((reported("h6 telemetry check: thrown")!.tags as Record<string, string>).trace_id).toBe(traceId);
    expect(reported("h6 telemetry check: thrown")!.release).toBe("0.5.0");

    noContentLeft();

    // Opting out stops everything at once: no page views, no events, no error reports.
    await page.goto("/settings/privacy");
    const optOut = page.getByRole("switch", { name: "Send anonymous usage data" });
    await optOut.waitFor();
    expect(await optOut.getAttribute("aria-checked")).toBe("true");
    await screenshot(page, "telemetry-01-privacy");
    await optOut.click();
    await expect.poll(() => optOut.getAttribute("aria-checked")).toBe("false");
    await new Promise((resolve) => setTimeout(resolve, 500));
    const before = collector.requests.length;
    // A route change inside the app (no reload) and an error: both dropped now.
    await page.getByRole("link", { name: "General", exact: true }).click();
    await page.waitForURL(/\/settings\/general$/);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("h6 telemetry check: after opt-out");
      });
    });
    await page.goto(entryPath);
    await page.getByTestId("entry-content").getByText(CONTENT).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(collector.requests.slice(before).map((request) => `${request.method} ${request.path} ${request.text.slice(0, 200)}`)).toEqual([]);
    noContentLeft();
    await context.close();
  });
});

describe("usage data and error reports, when nothing is configured", () => {
  it("makes no request to any host but the app's own", async () => {
    const origin = baseURL();
    const { context, page } = await signIn(origin);
    const foreign: string[] = [];
    context.on("request", (request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:", "about:"].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
    });
    await page.goto("/timeline/view-0/all");
    await page.waitForLoadState("networkidle");
    await page.goto("/settings/privacy");
    await page.getByRole("switch", { name: "Send anonymous usage data" }).waitFor();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("h6 telemetry check: unconfigured");
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
    expect(scripts.filter((name) => /posthog|sentry/i.test(name))).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
