import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatRequest, type OpenAiTestServer, startOpenAiTestServer } from "@tidings/server/testing";
import { dailyWindows, latestClosedWindow } from "../apps/web/src/modules/ai/daily-window.ts";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiAt, type RunningServer, signedInContext, startServer } from "./helpers/extra-server.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";
import { signedInPage } from "./helpers/reader.ts";

// The AI helpers in the browser: summaries (with and without a provider), translation in both
// modes, the daily report and text-to-speech, against the real server with a local provider
// speaking the OpenAI protocol, in light and dark.

/** A French article, so that translating into English (the interface language) has work to do. */
const FRENCH = {
  title: "Le dernier gardien de phare",
  heading: "Une vie au bord de la mer",
  paragraphs: [
    "Pendant quarante ans, Jean a allumé la lanterne du phare de la pointe chaque soir, même pendant les pires tempêtes de décembre.",
    "Il tenait un journal où il notait chaque navire qui passait, la direction du vent et la couleur de la mer au lever du jour.",
    "Désormais, la lumière est automatique et le gardien prend sa retraite dans le village voisin, où il raconte ses souvenirs aux enfants.",
  ],
};
const ENGLISH: Record<string, string> = {
  [FRENCH.title]: "The last lighthouse keeper",
  [FRENCH.heading]: "A life by the sea",
  [FRENCH.paragraphs[0]!]: "For forty years, Jean lit the lantern of the lighthouse on the point every evening, even during the worst storms of December.",
  [FRENCH.paragraphs[1]!]: "He kept a log in which he noted every passing ship, the direction of the wind and the colour of the sea at dawn.",
  [FRENCH.paragraphs[2]!]: "Now the light is automatic and the keeper is retiring to the next village, where he tells his memories to the children.",
};
const SUMMARY = "Jean kept the lighthouse lantern burning every evening for forty years.\n- He logged every passing ship and the weather.\n- The light is now automatic, and he retires to the village.";

/** "Translates" by the table above (text outside it is marked), keeping every tag. */
function translateText(text: string): string {
  let out = text;
  for (const [french, english] of Object.entries(ENGLISH)) out = out.split(french).join(english);
  return out === text ? text.replace(/(^|>)([^<]*\S[^<]*)(?=<|$)/g, (_all, before: string, run: string) => `${before}[EN] ${run}`) : out;
}

/** The provider's answers, by the kind of prompt the server sends. */
function respond(request: ChatRequest): string {
  const system = request.messages.find((message) => message.role === "system")?.content ?? "";
  const user = request.messages.filter((message) => message.role === "user").at(-1)?.content ?? "";
  if (system.startsWith("You summarise")) return SUMMARY;
  if (system.startsWith("Translate each segment")) {
    return user
      .split("\n")
      .map((line) => (/^\[\[\d+\]\]$/.test(line) ? line : translateText(line)))
      .join("\n");
  }
  if (system.startsWith("Translate")) return translateText(user);
  if (system.includes("daily digest")) {
    const items = [...user.matchAll(/^\[(\d+)\] (.+?)(?: — .*)?$/gm)].map(([, ref, title]) => `- **${title}**: a keeper's life on the coast [${ref}](tidings:${ref})`);
    return `## Coast and sea\n\n${items.join("\n")}\n\n## Elsewhere\n\nNothing else of note.`;
  }
  return "Unexpected prompt";
}

let browser: Browser;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let openai: OpenAiTestServer;
let aiServer: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  // Published inside the report window the dialog opens on, so that the report has entries.
  const published = new Date(latestClosedWindow(dailyWindows(new Date())).start + 2 * 3600_000);
  const content = `<p>${FRENCH.paragraphs[0]}</p><h2>${FRENCH.heading}</h2><p>${FRENCH.paragraphs[1]}</p><p>${FRENCH.paragraphs[2]}</p>`;
  // One feed per colour scheme: summaries and translations are kept per entry for every reader,
  // so each pass starts from entries nobody has summarised or translated yet.
  for (const scheme of ["light", "dark"]) {
    feeds.set(`/phare-${scheme}.xml`, rss({ title: "Journal de la côte", site: feeds.url("/"), items: [{ guid: `phare-${scheme}`, title: FRENCH.title, published, content }] }));
  }
  openai = await startOpenAiTestServer({ respond, chunkDelayMs: 20 });
  aiServer = await startServer({ AI_BASE_URL: openai.url, AI_API_KEY: "test-key", AI_MODEL: "test-model", AI_SPEECH_MODEL: "tts-test" });
});
afterAll(async () => {
  await browser?.close();
  await aiServer?.stop();
  await openai?.close();
  await feeds?.close();
});

/** Follows the French feed of a colour scheme as the context's user and answers the feed and entry ids. */
async function followFrench(context: BrowserContext, origin: string, scheme: "light" | "dark"): Promise<{ feedId: string; entryId: string }> {
  const { feedId } = await apiAt<{ feedId: string }>(context, origin, "POST", "/subscriptions", { url: feeds.url(`/phare-${scheme}.xml`), view: 0 });
  for (let attempt = 0; attempt < 40; attempt++) {
    const items = await apiAt<{ entries: { id: string } }[]>(context, origin, "POST", "/entries", { view: 0, feedId, limit: 5 });
    if (items[0]) return { feedId, entryId: items[0].entries.id };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the French entry never arrived");
}

async function openEntry(page: Page, feedId: string, entryId: string): Promise<void> {
  await page.goto(`/timeline/view-0/${feedId}/${entryId}`);
  await page.getByTestId("entry-title").waitFor();
}

/** Runs an action of the reader toolbar's "more" menu. */
async function moreAction(page: Page, name: RegExp): Promise<void> {
  const more = page.getByRole("toolbar", { name: "Entry actions" }).getByRole("button", { name: "More actions" });
  const item = page.getByRole("menuitem", { name });
  // A menu opened while the reader still settles (the entry's full text arriving) can close under
  // the pointer; a person opens it again, and so does this.
  for (let attempt = 0; attempt < 3; attempt++) {
    await more.click();
    if (await item.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
    await page.keyboard.press("Escape");
  }
  await item.click();
}

describe.each(["light", "dark"] as const)("AI helpers with a provider (%s)", (scheme) => {
  let context: BrowserContext;
  let page: Page;
  let ids: { feedId: string; entryId: string };

  beforeAll(async () => {
    ({ context } = await signedInContext(browser, aiServer.baseURL, { colorScheme: scheme }));
    page = await context.newPage();
    ids = await followFrench(context, aiServer.baseURL, scheme);
  });
  afterAll(() => context?.close());

  it("streams the provider's summary above the content", async () => {
    await openEntry(page, ids.feedId, ids.entryId);
    const box = page.locator('[data-testid="entry-summary"][data-status="success"]');
    await box.waitFor();
    expect(await box.textContent()).toContain("Jean kept the lighthouse lantern burning");
    expect(await box.locator("li").count()).toBe(2);
    expect(await box.textContent()).not.toContain("key sentences");
    await screenshot(page, `ai-summary-provider-${scheme}`);
  });

  it("translates bilingually: title under the original, content translated with a way back", async () => {
    await openEntry(page, ids.feedId, ids.entryId);
    await moreAction(page, /^AI translation/);
    await page.getByTestId("entry-title-translation").waitFor();
    expect(await page.getByTestId("entry-title-translation").textContent()).toBe("The last lighthouse keeper");
    const article = page.getByTestId("entry-article");
    await article.getByText(ENGLISH[FRENCH.paragraphs[0]!]!).waitFor();
    expect(await article.getByText(FRENCH.paragraphs[0]!).count()).toBe(0);
    await screenshot(page, `ai-translation-bilingual-${scheme}`);
    await page.getByRole("button", { name: "Show original" }).click();
    await article.getByText(FRENCH.paragraphs[0]!).waitFor();
    await page.getByRole("button", { name: "Show translation" }).click();
    await article.getByText(ENGLISH[FRENCH.paragraphs[1]!]!).waitFor();
  });

  it("translates immersively: each paragraph followed by its translation", async () => {
    await page.goto("/settings/ai");
    await page.getByTestId("ai-usage").waitFor();
    expect(await page.getByTestId("ai-provider-status").textContent()).toBe("Instance");
    await screenshot(page, `ai-settings-provider-${scheme}`);
    // A new page: what was asked of one entry is gone, so translation is turned on for every entry.
    await page.getByRole("switch", { name: "Translate entries" }).click();
    await page.getByLabel("Translation display").selectOption("immersive");
    await openEntry(page, ids.feedId, ids.entryId);
    const article = page.getByTestId("entry-article");
    await article.locator("[data-translation]").first().waitFor();
    // Translated before: the stored translation is shown again, now paragraph by paragraph.
    for (const french of FRENCH.paragraphs) {
      await article.getByText(french).waitFor();
      expect(await article.locator("[data-translation]", { hasText: ENGLISH[french]! }).count()).toBe(1);
    }
    await screenshot(page, `ai-translation-immersive-${scheme}`);
  });

  it("reads the entry aloud with the provider's voice", async () => {
    await openEntry(page, ids.feedId, ids.entryId);
    await moreAction(page, /^Text to speech/);
    const player = page.getByTestId("speech-player");
    await page.locator('[data-testid="speech-player"][data-engine="audio"]').waitFor();
    const audio = page.getByTestId("speech-audio");
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.src)).toMatch(/^blob:/);
    // It plays (the test provider's audio is a fraction of a second of silence) to its end.
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.ended)).toBe(true);
    await page.locator('[data-testid="speech-player"][data-status="paused"]').waitFor();
    expect(openai.requests.some((request) => request.method === "POST" && request.path === "/v1/audio/speech")).toBe(true);
    expect(await player.textContent()).toContain("AI voice");
    await screenshot(page, `ai-tts-provider-${scheme}`);
    await player.getByRole("button", { name: "Stop and close" }).click();
    await player.waitFor({ state: "detached" });
    expect(await page.getByTestId("speech-audio").count()).toBe(0);
  });

  it("opens the daily report, whose entry links stay in the app", async () => {
    await page.goto("/timeline/view-0/all");
    await page.getByTestId("daily-report-button").click();
    const dialog = page.getByRole("dialog", { name: "AI daily report" });
    await dialog.getByRole("heading", { name: "Coast and sea" }).waitFor();
    expect(await dialog.getByRole("tab", { selected: true }).count()).toBe(1);
    await screenshot(page, `ai-daily-report-${scheme}`);
    await dialog.getByRole("link", { name: "1", exact: true }).click();
    await page.waitForURL(new RegExp(`/timeline/view-0/all/${ids.entryId}$`));
    await page.getByTestId("entry-title").waitFor();
    expect(await dialog.count()).toBe(0);
  });
});

describe.each(["light", "dark"] as const)("AI helpers without a provider (%s)", (scheme) => {
  let context: BrowserContext;
  let page: Page;
  let ids: { feedId: string; entryId: string };

  beforeAll(async () => {
    ({ context, page } = await signedInPage(browser, { colorScheme: scheme }));
    // Only the browser's speech synthesis is stubbed: it records what it is asked to say.
    await context.addInitScript(() => {
      const spoken: string[] = [];
      Object.assign(window, { __spoken: spoken });
      const synth = {
        speaking: false,
        pending: false,
        paused: false,
        onvoiceschanged: null,
        getVoices: () => [],
        speak: (utterance: SpeechSynthesisUtterance) => void spoken.push(utterance.text),
        cancel: () => undefined,
        pause: () => undefined,
        resume: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => true,
      };
      Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
    });
    ids = await followFrench(context, baseURL(), scheme);
  });
  afterAll(() => context?.close());

  it("shows a summary made of key sentences", async () => {
    await openEntry(page, ids.feedId, ids.entryId);
    const box = page.locator('[data-testid="entry-summary"][data-status="success"]');
    await box.waitFor();
    expect(await box.textContent()).toContain("key sentences from the text");
    expect((await box.textContent())?.length).toBeGreaterThan(60);
    await screenshot(page, `ai-summary-extractive-${scheme}`);
  });

  it("says plainly that translation needs a provider, with a way to Settings → AI", async () => {
    await openEntry(page, ids.feedId, ids.entryId);
    await moreAction(page, /^AI translation/);
    await page.getByText("AI translation needs an AI provider").waitFor();
    await page.getByRole("button", { name: "Open AI settings" }).click();
    await page.waitForURL(/\/settings\/ai$/);
    await page.getByTestId("ai-provider-status").waitFor();
    expect(await page.getByTestId("ai-provider-status").textContent()).toBe("None");
    await screenshot(page, `ai-settings-none-${scheme}`);
  });

  it("reads the entry aloud with the browser's voice, paragraph by paragraph", async () => {
    await openEntry(page, ids.feedId, ids.entryId);
    await moreAction(page, /^Text to speech/);
    const player = page.locator('[data-testid="speech-player"][data-engine="synthesis"]');
    await player.waitFor();
    const spoken = () => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
    await expect.poll(spoken).toEqual([FRENCH.title]);
    await player.getByRole("button", { name: "Next part" }).click();
    await expect.poll(spoken).toEqual([FRENCH.title, FRENCH.paragraphs[0]]);
    expect(await page.getByTestId("speech-progress").textContent()).toBe("Part 2 of 5");
    await screenshot(page, `ai-tts-browser-${scheme}`);
    await player.getByRole("button", { name: "Stop and close" }).click();
  });

  it("says the daily report needs a provider", async () => {
    await page.goto("/timeline/view-0/all");
    await page.getByTestId("daily-report-button").click();
    const dialog = page.getByRole("dialog", { name: "AI daily report" });
    await dialog.getByText("The daily report needs an AI provider.").waitFor();
    await screenshot(page, `ai-daily-report-none-${scheme}`);
  });

  it("takes the reader's own provider in Settings → AI (the key write-only) and translates with it", async () => {
    await page.goto("/settings/ai");
    const form = page.getByTestId("ai-provider-form");
    await form.getByLabel("Base URL").fill(openai.url);
    await form.getByLabel("API key").fill("sk-test-key-a1b2");
    await form.getByLabel("Model").fill("test-model");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByTestId("ai-provider-status").textContent()).toBe("Yours");
    await form.getByText(/^A key is set \(.*a1b2\)\.$/).waitFor();
    // The key is write-only: the field empties once the save lands.
    await expect.poll(() => form.getByLabel("API key").inputValue()).toBe("");
    await screenshot(page, `ai-settings-own-${scheme}`);

    await openEntry(page, ids.feedId, ids.entryId);
    await moreAction(page, /^AI translation/);
    await page.getByTestId("entry-title-translation").waitFor();
    expect(await page.getByTestId("entry-title-translation").textContent()).toBe("The last lighthouse keeper");

    await page.goto("/settings/ai");
    await page.getByTestId("ai-provider-form").getByRole("button", { name: "Clear key" }).click();
    await page.getByTestId("ai-provider-form").getByText("No key set.").waitFor();
  });
});
