import { readFileSync } from "node:fs";
import { LANGUAGES, type Language } from "@tidings/i18n";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { follow, signedInPage } from "./helpers/reader.ts";

// The four interface languages (spec §1, issue 7): each one chosen in Settings → General, the
// timeline and the settings drawn in it with no English left in the interface's own text.

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

type Pack = { [key: string]: string | Pack };
const pack = (language: Language, namespace: string): Pack =>
  JSON.parse(readFileSync(new URL(`../packages/i18n/locales/${language}/${namespace}.json`, import.meta.url), "utf8")) as Pack;
const text = (language: Language, namespace: string, key: string): string => {
  let node: string | Pack = pack(language, namespace);
  for (const part of key.split(".")) node = (node as Pack)[part]!;
  return node as string;
};

/**
 * Interface text (not feed content) that reads as English: two or more Latin words in a control,
 * heading, label or navigation, outside entry rows, feed rows and the reader. Brand names and the
 * reader's own name pass.
 */
async function englishLeft(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const allowed = /^(Tidings|GitHub|Google|RSSHub|RSS|OPML|OpenID Connect|POWER|Ada Reader|JSON|URL|CSS|TOTP|AI)$/;
    const skip = "[data-entry-id], [data-row-id], [data-user-content], article, [data-testid='account-name'], [data-feed-title], option, code, kbd";
    const found = new Set<string>();
    for (const element of document.querySelectorAll<HTMLElement>("nav, header, h1, h2, h3, button, [role=tab], [role=menuitem], label, th, legend, p, span")) {
      if (element.closest(skip) || element.offsetParent === null) continue;
      const own = [...element.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join(" ")
        .trim();
      if (!own || allowed.test(own)) continue;
      if (/[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(own) && !/[\u3040-\u30ff\u3400-\u9fff]/.test(own)) found.add(own);
    }
    return [...found];
  });
}

describe("interface languages", () => {
  it("switches to each of the four languages in Settings and draws the timeline and settings in it", async () => {
    const { context, page } = await signedInPage(browser, { path: "/settings/general" });
    await follow(context, feeds.publish("/lang/harbour.xml", "Harbour Notes", 3));

    for (const language of [...LANGUAGES.filter((l) => l !== "en"), "en" as const]) {
      await page.goto("/settings/general");
      const picker = page.getByTestId("language-select");
      await picker.waitFor();
      await picker.selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByRole("heading", { name: text(language, "settings", "tabs.general") }).waitFor();
      await screenshot(page, `languages-settings-${language}`);

      // The choice is kept: a reload comes back in the same language.
      await page.goto("/timeline/view-0/all");
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.locator("[data-entry-id]", { hasText: "Harbour Notes story 1" }).first().waitFor();
      await screenshot(page, `languages-timeline-${language}`);
      if (language !== "en") expect(await englishLeft(page), `English left in the ${language} timeline`).toEqual([]);

      await page.goto("/settings/appearance");
      await page.getByRole("heading", { name: text(language, "settings", "tabs.appearance") }).waitFor();
      if (language !== "en") expect(await englishLeft(page), `English left in ${language} settings`).toEqual([]);
    }
    await context.close();
  });

  it("leaves no English in any screen of the app once another language is chosen", async () => {
    const { context, page } = await signedInPage(browser, { path: "/timeline/view-0/all?lng=ja" });
    await follow(context, feeds.publish("/lang/lighthouse.xml", "Lighthouse Log", 2));
    const screens = [
      "/timeline/view-0/all",
      "/discover",
      "/rsshub",
      ...["general", "appearance", "feeds", "list", "inboxes", "notifications", "integration", "rsshub", "invitations", "profile", "shortcuts", "privacy", "data-control", "about"].map(
        (tab) => `/settings/${tab}`,
      ),
    ];
    const left: Record<string, string[]> = {};
    for (const screen of screens) {
      await page.goto(`${screen}?lng=ja`);
      await page.waitForLoadState("networkidle");
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
      const english = await englishLeft(page);
      if (english.length) left[screen] = english;
    }
    await screenshot(page, "languages-about-ja");
    expect(left).toEqual({});
    await context.close();
  });

  it("takes the language from ?lng= first, then the stored choice, then the browser", async () => {
    const context = await browser.newContext({ locale: "ja-JP" });
    const page = await context.newPage();
    const { baseURL } = await import("./helpers/browser.ts");
    await page.goto(`${baseURL()}/login`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("ja");
    await page.goto(`${baseURL()}/login?lng=zh-TW`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("zh-TW");
    await screenshot(page, "languages-login-zh-TW");
    await context.close();
  });
});
