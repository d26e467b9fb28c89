import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { apiCall, follow, signedInPage } from "./helpers/reader.ts";

// Actions (spec §2 `/action`, Settings → Actions): write a rule, see problems under the fields,
// preview it on the newest entries, save it, apply it to existing entries.

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

interface Item {
  entries: { id: string; title: string | null };
}

describe("actions", () => {
  it("edits, checks, previews, saves and applies a rule; Settings → Actions shows the same rules", async () => {
    const { context, page } = await signedInPage(browser, { path: "/action" });
    const feedId = await follow(context, feeds.publish("/actions/harbour.xml", "Harbour News", 3));
    await expect.poll(async () => (await apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedIdList: [feedId] })).length).toBe(3);

    await page.getByText("No actions yet").waitFor();
    await page.getByRole("button", { name: "New action" }).click();
    const rule = page.getByTestId("action-rule");
    await rule.getByLabel("Name").fill("Hide the second story");
    await rule.getByLabel("Value").fill("story 2");

    // Problems show under their field, and saving waits for them to be fixed.
    await rule.getByLabel("Operator").selectOption("regex");
    await rule.getByLabel("Value").fill("(?<=Harbour) story 2");
    await rule.getByText("Lookarounds and back-references are not supported (RE2 syntax).").waitFor();
    await rule.getByRole("button", { name: "Add a webhook" }).click();
    await rule.getByLabel("Webhook URL").fill("ftp://example.com/hook");
    await rule.getByText("Enter an http:// or https:// URL.").waitFor();
    await page.getByText("Fix 2 problems to save").waitFor();
    expect(await page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
    await rule.getByLabel("Value").fill("story 2$");
    await rule.getByRole("button", { name: "Remove this webhook" }).click();
    await rule.getByLabel("Block").check();
    await page.getByText("Unsaved changes").waitFor();
    await screenshot(page, "actions-01-editor");

    // The preview tries the unsaved rule on the reader's newest entries.
    await page.getByTestId("actions-preview").getByRole("button", { name: "Preview" }).click();
    await page.getByText("1 of your last 3 entries match.").waitFor();
    expect(await page.getByTestId("preview-match").textContent()).toContain("Harbour News story 2");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Actions saved. They apply to entries that arrive from now on.").waitFor();
    const saved = await apiCall<{ rules: unknown[] }>(context, "GET", "/actions");
    expect(saved.rules).toEqual([{ name: "Hide the second story", condition: [[{ field: "entry_title", operator: "regex", value: "story 2$" }]], result: { block: true } }]);
    // Saving does not take entries away; applying to existing ones does, after a confirmation.
    expect((await apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedIdList: [feedId] })).length).toBe(3);
    await page.getByRole("button", { name: "Apply to existing entries" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Apply to existing entries" }).click();
    await page.getByText("1 entries matched: 1 blocked, 0 marked as read, 0 starred.").waitFor();
    const titles = (await apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedIdList: [feedId] })).map((item) => item.entries.title);
    expect(titles.toSorted()).toEqual(["Harbour News story 1", "Harbour News story 3"]);

    // Settings → Actions: the same rules, turned off there.
    await page.goto("/settings/actions");
    const row = page.getByTestId("action-rule");
    await row.getByLabel("Name").waitFor();
    expect(await row.getByLabel("Name").inputValue()).toBe("Hide the second story");
    await row.getByRole("switch", { name: "Turn off Hide the second story" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(async () => (await apiCall<{ rules: { result: { disabled?: boolean } }[] }>(context, "GET", "/actions")).rules[0]?.result.disabled).toBe(true);
    await row.getByRole("button", { name: "Open Hide the second story" }).click();
    await screenshot(page, "actions-02-settings");
    await context.close();
  });

  it("shows entries as the rules say: titles rewritten, the original page opened", async () => {
    const { context, page } = await signedInPage(browser);
    const feedId = await follow(context, feeds.publish("/actions/tides.xml", "Tide Tables", 2));
    await expect.poll(async () => (await apiCall<Item[]>(context, "POST", "/entries", { view: 0, feedIdList: [feedId] })).length).toBe(2);
    await apiCall(context, "PUT", "/actions", {
      rules: [{ name: "Tales", condition: [[{ field: "entry_title", operator: "contains", value: "story 2" }]], result: { titleRewriteRules: [{ from: "story", to: "tale" }], sourceContent: true } }],
    });
    await page.goto(`/timeline/view-0/${feedId}`);
    const rewritten = page.locator("[data-entry-id]", { hasText: "Tide Tables tale 2" });
    await rewritten.waitFor();
    await page.locator("[data-entry-id]", { hasText: "Tide Tables story 1" }).waitFor();
    await rewritten.click();
    await page.getByTestId("source-frame").waitFor();
    await context.close();
  });
});
