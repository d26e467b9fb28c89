import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for a service's API on 127.0.0.1 that records what it receives. */
async function startService(answer: (request: Received) => { status: number; headers?: Record<string, string>; body: unknown }) {
  const received: Received[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
    received.push(request);
    const { status, headers, body } = answer(request);
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = (path = "") => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    url,
    received,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let readwise: Awaited<ReturnType<typeof startService>>;
let readeck: Awaited<ReturnType<typeof startService>>;

const ARTICLE = "<p>The keeper trimmed the <strong>wicks</strong> every evening.</p>";

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set(
    "/keepers.xml",
    rss({
      title: "Keepers' Gazette",
      site: feeds.url("/"),
      items: [{ guid: "wicks", title: "Trimming the wicks", link: "https://gazette.example/wicks", published: new Date(Date.now() - 3_600_000), content: ARTICLE }],
    }),
  );
  readwise = await startService((request) =>
    request.headers.authorization === "Token rw-e2e-token"
      ? { status: 201, body: { id: "01e2e", url: "https://read.readwise.io/new/read/01e2e" } }
      : { status: 401, body: { detail: "Invalid token." } },
  );
  readeck = await startService((request) =>
    request.headers.authorization === "Bearer rd-e2e-token"
      ? { status: 202, headers: { location: readeck.url("/api/bookmarks/Kp3x"), "bookmark-id": "Kp3x" }, body: { status: 202, message: "Link submited" } }
      : { status: 401, body: { status: 401, message: "Invalid authentication" } },
  );
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
  await readwise?.close();
  await readeck?.close();
});

/** Fills a field of Settings → Integration by its label, within one service's group. */
async function fill(page: Page, group: string, label: string, value: string) {
  await page.locator("section", { has: page.getByRole("heading", { name: group, exact: true }) }).getByLabel(label, { exact: true }).fill(value);
}

async function saveFromMoreMenu(page: Page, action: string, shot?: string) {
  await page.getByRole("toolbar", { name: "Entry actions" }).getByRole("button", { name: "More actions", exact: true }).click();
  const item = page.getByRole("menuitem", { name: action });
  await item.waitFor();
  if (shot) await screenshot(page, shot);
  await item.click();
}

/** Toasts slide in: a screenshot waits until they have settled. */
const settled = (page: Page) => page.waitForTimeout(700);

describe("integrations", () => {
  it("saves an entry to Readwise and to a Readeck on the LAN from the entry's more menu", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await follow(context, feeds.url("/keepers.xml"));
    let entryId = "";
    await expect
      .poll(async () => {
        const items = await apiCall<{ entries: { id: string; title: string } }[]>(context, "POST", "/entries", { view: 0, feedId, limit: 5 });
        entryId = items.find((item) => item.entries.title === "Trimming the wicks")?.entries.id ?? "";
        return entryId;
      })
      .not.toBe("");

    await page.goto("/settings/integration");
    // Off by default: tokens stay on this device.
    expect(await page.getByRole("switch", { name: "Sync integration settings" }).getAttribute("aria-checked")).toBe("false");
    await screenshot(page, "integrations-00-general");
    await page.getByRole("switch", { name: "Enable Readwise" }).click();
    await fill(page, "Readwise", "Access token", "rw-e2e-token");
    // A Readwise-compatible address (here, the local stand-in): the default is readwise.io.
    await fill(page, "Readwise", "API address (optional)", readwise.url());
    await page.getByRole("switch", { name: "Enable Readeck" }).click();
    await fill(page, "Readeck", "Server address", readeck.url());
    await fill(page, "Readeck", "API token", "rd-e2e-token");
    const lan = page.locator("section", { has: page.getByRole("heading", { name: "Readeck", exact: true }) }).getByRole("switch", { name: "Allow a private network (LAN) address" });
    await lan.click();
    expect(await lan.getAttribute("aria-checked")).toBe("true");
    await settled(page);
    await screenshot(page, "integrations-01-settings");

    await page.goto(`/timeline/view-0/${feedId}/${entryId}`);
    await page.getByTestId("entry-title").waitFor();

    await saveFromMoreMenu(page, "Save to Readwise", "integrations-02-more-menu");
    const readwiseToast = page.locator("[data-sonner-toast]", { hasText: "Saved to Readwise" });
    await readwiseToast.waitFor();
    expect(await readwiseToast.getByRole("button", { name: "View" }).isVisible()).toBe(true);

    await saveFromMoreMenu(page, "Save to Readeck");
    const readeckToast = page.locator("[data-sonner-toast]", { hasText: "Saved to Readeck" });
    await readeckToast.waitFor();
    expect(await readeckToast.getByRole("button", { name: "View" }).isVisible()).toBe(true);
    await settled(page);
    await screenshot(page, "integrations-03-saved");

    expect(readwise.received).toHaveLength(1);
    const [saved] = readwise.received;
    expect(saved).toMatchObject({ method: "POST", path: "/api/v3/save/" });
    expect(saved!.headers).toMatchObject({ authorization: "Token rw-e2e-token", "content-type": "application/json" });
    expect(JSON.parse(saved!.body)).toMatchObject({ url: "https://gazette.example/wicks", title: "Trimming the wicks", html: ARTICLE, saved_using: "Tidings" });

    expect(readeck.received).toHaveLength(1);
    const [bookmark] = readeck.received;
    expect(bookmark).toMatchObject({ method: "POST", path: "/api/bookmarks" });
    expect(bookmark!.headers.authorization).toBe("Bearer rd-e2e-token");
    expect(bookmark!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(bookmark!.body).toContain('Content-Disposition: form-data; name="url"\r\n\r\nhttps://gazette.example/wicks\r\n');
    expect(bookmark!.body).toContain('Content-Disposition: form-data; name="title"\r\n\r\nTrimming the wicks\r\n');

    // A refusal shows the service's own words.
    await page.goto("/settings/integration");
    await fill(page, "Readwise", "Access token", "expired");
    await page.goto(`/timeline/view-0/${feedId}/${entryId}`);
    await page.getByTestId("entry-title").waitFor();
    await saveFromMoreMenu(page, "Save to Readwise");
    const failed = page.locator("[data-sonner-toast]", { hasText: "Could not save to Readwise" });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("Invalid token.");
    await settled(page);
    await screenshot(page, "integrations-04-refused");
    await context.close();
  });
});
