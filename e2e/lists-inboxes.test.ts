import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// Lists, inboxes, OPML import/export in settings, and the new-user guide.

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;

const publish = (path: string, title: string, items: number) => feeds.publish(path, title, items);

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
});
afterAll(async () => {
  await browser?.close();
  await feeds?.close();
});

interface Item {
  entries: { id: string; title: string | null };
}
interface FeedSub {
  feedId?: string;
  category: string | null;
  feeds?: { url: string; title: string | null };
}

const entryRow = (page: Page, title: string) => page.locator("[data-entry-id]", { hasText: title }).first();
const suffix = () => Math.random().toString(36).slice(2, 8);

async function feedSubscriptions(context: BrowserContext): Promise<FeedSub[]> {
  return (await apiCall<FeedSub[]>(context, "GET", "/subscriptions")).filter((s) => s.feedId);
}

describe("lists", () => {
  it("creates a list, adds followed feeds from the sidebar menu and from its card, follows it, reads its timeline, edits and deletes it", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      let tides = "";
      let harbour = "";
      // Followed before the app opens: it reads the reader's subscriptions once, at start.
      const { context, page } = await signedInPage(browser, {
        colorScheme,
        path: "/settings/list",
        before: async (context) => {
          tides = await follow(context, publish(`/${colorScheme}/tides.xml`, "Tide Tables", 3));
          harbour = await follow(context, publish(`/${colorScheme}/harbour.xml`, "Harbour Notes", 2), { category: "Sea" });
          await expect.poll(async () => (await apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedIdList: [tides, harbour] })).length).toBe(5);
        },
      });

      await page.getByText("No lists yet").waitFor();
      await page.getByRole("button", { name: "New list" }).click();
      const form = page.getByRole("dialog");
      await form.getByLabel("Title").fill("Sea news");
      await form.getByLabel("Description").fill("Tides, boats and the harbour.");
      await form.getByRole("button", { name: "New list" }).click();
      const card = page.locator("[data-list-id]", { hasText: "Sea news" });
      await card.waitFor();
      expect(await card.textContent()).toContain("0 feeds");

      // From the sidebar: a feed's menu → Add to list → the new list.
      await page.locator(`[data-row-id="${tides}"]`).click({ button: "right" });
      await page.getByRole("menuitem", { name: "Add to list" }).hover();
      await page.getByRole("menuitem", { name: "Sea news" }).click();
      await card.getByRole("list", { name: "Feeds of Sea news" }).getByText("Tide Tables").waitFor();

      // From the card: the picker offers the followed feeds not in the list yet.
      await card.getByRole("button", { name: "Add feeds" }).click();
      const picker = page.getByRole("dialog");
      await picker.getByText("Harbour Notes").waitFor();
      expect(await picker.getByText("Tide Tables").count()).toBe(0);
      await picker.locator("label", { hasText: "Harbour Notes" }).getByRole("checkbox").check();
      await picker.getByRole("button", { name: "Add 1 feed" }).click();
      await card.getByRole("list", { name: "Feeds of Sea news" }).getByText("Harbour Notes").waitFor();
      await expect.poll(() => card.textContent()).toContain("2 feeds");
      const listId = (await card.getAttribute("data-list-id"))!;
      const owned = await apiCall<{ id: string; feedIds: string[] }[]>(context, "GET", "/lists/list");
      expect(owned).toEqual([expect.objectContaining({ id: listId })]);
      expect(owned[0]!.feedIds.toSorted()).toEqual([tides, harbour].toSorted());
      await screenshot(page, `lists-01-settings-${colorScheme}`);

      // Follow it, then open its timeline: the feed's entries are there.
      await card.getByRole("button", { name: "Follow" }).click();
      await card.getByRole("button", { name: "Open" }).click();
      await page.waitForURL(`**/timeline/view-0/list-${listId}`);
      await entryRow(page, "Tide Tables story 1").waitFor();
      await entryRow(page, "Harbour Notes story 2").waitFor();
      expect(await page.locator("[data-entry-id]").count()).toBe(5);
      await page.locator(`[data-row-id="list-${listId}"]`).waitFor();
      await screenshot(page, `lists-02-timeline-${colorScheme}`);

      // Edit and delete (the owner's own follow is dropped first).
      await page.goto("/settings/list");
      await card.getByRole("button", { name: "Edit list" }).click();
      const edit = page.getByRole("dialog");
      await edit.getByLabel("Title").fill("Sea & harbour");
      await edit.getByRole("button", { name: "Save" }).click();
      const renamed = page.locator(`[data-list-id="${listId}"]`);
      await expect.poll(() => renamed.locator("h3").textContent()).toBe("Sea & harbour");
      await renamed.getByRole("button", { name: "Delete list" }).click();
      const ask = page.getByRole("alertdialog");
      expect(await ask.textContent()).toContain("Delete Sea & harbour?");
      await ask.getByRole("button", { name: "Delete list" }).click();
      await page.getByText("No lists yet").waitFor();
      expect(await apiCall<unknown[]>(context, "GET", "/lists/list")).toEqual([]);
      await context.close();
    }
  });
});

describe("inboxes", () => {
  it("creates an inbox, shows its address and secret, and reads what its webhook receives", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await signedInPage(browser, { colorScheme, path: "/settings/inboxes" });
      const handle = `letters-${suffix()}`;
      await page.getByText("No inboxes yet").waitFor();
      await page.getByRole("button", { name: "New inbox" }).click();
      const form = page.getByRole("dialog");
      await form.getByLabel("Handle").fill(handle);
      await form.getByLabel("Title").fill("Letters");
      await form.getByRole("button", { name: "New inbox" }).click();
      const card = page.locator(`[data-inbox-id="${handle}"]`);
      await card.waitFor();

      const inbox = await apiCall<{ secret: string; email: string }>(context, "GET", `/inboxes?handle=${handle}`);
      expect(await card.textContent()).toContain(inbox.email);
      expect(await card.getByTestId("inbox-secret").textContent()).not.toContain(inbox.secret);
      await card.getByRole("button", { name: "Show Secret" }).click();
      expect(await card.getByTestId("inbox-secret").textContent()).toBe(inbox.secret);
      await screenshot(page, `inboxes-01-settings-${colorScheme}`);

      const response = await context.request.post(`${baseURL()}/api/inboxes/webhook`, {
        headers: { "X-Follow-Handle": handle, "X-Follow-Secret": inbox.secret, "content-type": "application/json" },
        data: { guid: `letter-${suffix()}`, title: "A letter from the harbour", content: "<p>The boats are in.</p>", url: "https://harbour.example/letter" },
      });
      expect(response.ok()).toBe(true);

      await card.getByRole("button", { name: "Open" }).click();
      await page.waitForURL(`**/timeline/view-0/inbox-${handle}`);
      await entryRow(page, "A letter from the harbour").waitFor();
      await page.locator(`[data-row-id="inbox-${handle}"]`).waitFor();
      await screenshot(page, `inboxes-02-timeline-${colorScheme}`);

      await page.goto("/settings/inboxes");
      await card.getByRole("button", { name: "Delete inbox" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete inbox" }).click();
      await page.getByText("No inboxes yet").waitFor();
      await context.close();
    }
  });
});

describe("OPML", () => {
  it("imports 50 feeds in 3 folders, reports a second import as conflicts, and exports the same feeds", async () => {
    const folders = ["Harbour", "Weather", "Fishing"];
    const outlines = Array.from({ length: 50 }, (_, i) => ({
      url: publish(`/opml/feed-${i}.xml`, `Loopback ${i + 1}`, 1),
      title: `Loopback ${i + 1}`,
      folder: folders[i % 3]!,
    }));
    const opml = `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0"><head><title>Old reader</title></head><body>
${folders
  .map(
    (folder) =>
      `<outline text="${folder}" title="${folder}">\n${outlines
        .filter((o) => o.folder === folder)
        .map((o) => `  <outline type="rss" text="${o.title}" title="${o.title}" xmlUrl="${o.url}"/>`)
        .join("\n")}\n</outline>`,
  )
  .join("\n")}
</body></opml>`;

    const { context, page } = await signedInPage(browser, { path: "/settings/data-control" });
    const input = page.getByTestId("opml-file");
    await input.setInputFiles({ name: "old-reader.opml", mimeType: "text/x-opml", buffer: Buffer.from(opml) });
    await page.getByText("Imported 50, already followed 0, could not import 0.").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("opml-imported").locator("tbody tr").count()).toBe(50);
    await screenshot(page, "opml-01-imported");

    const subscriptions = await feedSubscriptions(context);
    expect(subscriptions).toHaveLength(50);
    const byUrl = new Map(subscriptions.map((s) => [s.feeds!.url, s]));
    for (const outline of outlines) expect(byUrl.get(outline.url)?.category).toBe(outline.folder);

    // In the column: each folder holds its feeds.
    await page.goto("/timeline/view-0/all");
    for (const folder of folders) {
      const row = page.locator(`[data-row-id="${folder}"]`);
      await row.waitFor();
      await row.getByRole("button", { name: /Open the folder/ }).click();
      for (const outline of outlines.filter((o) => o.folder === folder)) {
        await page.locator(`[data-row-id="${byUrl.get(outline.url)!.feedId}"]`).waitFor();
      }
    }
    await screenshot(page, "opml-02-folders");

    // The same file again: everything is followed already.
    await page.goto("/settings/data-control");
    await page.getByTestId("opml-file").setInputFiles({ name: "old-reader.opml", mimeType: "text/x-opml", buffer: Buffer.from(opml) });
    await page.getByText("Imported 0, already followed 50, could not import 0.").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("opml-conflicts").locator("tbody tr").count()).toBe(50);

    // A file that is no OPML: the code's message.
    await page.getByTestId("opml-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just some notes") });
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("Could not import notes.txt: Invalid file");

    // Export by folder: the same 50 addresses in the same 3 folders.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download OPML" }).click()]);
    expect(download.suggestedFilename()).toBe("tidings-subscriptions.opml");
    const exported = readFileSync((await download.path())!, "utf8");
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      return [...doc.querySelectorAll("outline[xmlUrl]")].map((outline) => ({
        url: outline.getAttribute("xmlUrl")!,
        folder: outline.parentElement?.getAttribute("text") ?? outline.getAttribute("category"),
      }));
    }, exported);
    expect(parsed.map((o) => o.url).sort()).toEqual(outlines.map((o) => o.url).sort());
    expect(new Map(parsed.map((o) => [o.url, o.folder]))).toEqual(new Map(outlines.map((o) => [o.url, o.folder])));
    await screenshot(page, "opml-03-export");
    // Leave the shared server as found: 50 one-follower feeds would crowd what other files see trending.
    await apiCall(context, "DELETE", "/subscriptions", { feedIdList: subscriptions.map((s) => s.feedId) });
    await context.close();
  });

  it("looks right in dark", async () => {
    const { context, page } = await signedInPage(browser, { colorScheme: "dark", path: "/settings/data-control" });
    const opml = `<?xml version="1.0"?><opml version="2.0"><body><outline text="News">
<outline text="Dark one" xmlUrl="${publish("/opml/dark-1.xml", "Dark one", 1)}"/>
<outline text="Broken" type="rss"/></outline></body></opml>`;
    await page.getByTestId("opml-file").setInputFiles({ name: "dark.opml", mimeType: "text/x-opml", buffer: Buffer.from(opml) });
    await page.getByText("Imported 1, already followed 0, could not import 1.").waitFor({ timeout: 30_000 });
    await screenshot(page, "opml-04-dark");
    await apiCall(context, "DELETE", "/subscriptions", { feedIdList: (await feedSubscriptions(context)).map((s) => s.feedId) });
    await context.close();
  });
});

describe("new-user guide", () => {
  it("greets a first sign-in, walks its steps, and never comes back once skipped", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const { context, page } = await signedInPage(browser, { colorScheme, guide: true });
      const guide = page.getByTestId("new-user-guide");
      await guide.waitFor();
      expect(await guide.textContent()).toContain("Pick your view");
      await screenshot(page, `guide-01-views-${colorScheme}`);
      await guide.getByRole("button", { name: "Next" }).click();
      await guide.getByText("Bring your feeds").waitFor();
      await screenshot(page, `guide-02-feeds-${colorScheme}`);
      await guide.getByRole("button", { name: "Next" }).click();
      await guide.getByText("Next entry").waitFor();
      await screenshot(page, `guide-03-shortcuts-${colorScheme}`);

      // Escape skips it; it stays away after a reload.
      await page.keyboard.press("Escape");
      await guide.waitFor({ state: "detached" });
      await page.reload();
      await page.getByTestId("timeline-title").waitFor();
      await page.waitForTimeout(500);
      expect(await guide.count()).toBe(0);
      await context.close();
    }
  });

  it("is not shown to tests' readers by default", async () => {
    const { context, page } = await signedInPage(browser);
    await page.getByTestId("timeline-title").waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId("new-user-guide").count()).toBe(0);
    await context.close();
  });
});
