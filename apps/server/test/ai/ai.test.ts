// The AI helpers through the real app and database, against a local server speaking the OpenAI
// protocol: summaries (extractive without a provider, streamed and stored with one), translations
// (skipping text already in the language, markup kept and re-sanitised, immersive form), daily
// reports, speech, the daily budget, provider failures and a reader's own provider.

import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { aiUserSettings, entries } from "../../src/db/schema/index.ts";
import { type ChatRequest, defaultAnswer, type OpenAiTestServer, startOpenAiTestServer } from "../../src/lib/ai/openai-test-server.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

const ARTICLE = [
  "<h2>The harbour reopens</h2>",
  "<p>The city council voted on Tuesday to reopen the old harbour to small boats after a decade of closure.</p>",
  "<p>Engineers spent three years repairing the <a href=\"https://example.com/walls\">sea walls</a>, which storms had badly damaged in 2014.</p>",
  "<p>Local fishermen welcomed the decision, saying the harbour would shorten their trips by more than an hour each day.</p>",
  "<ul><li>Moorings open in March.</li><li>Fees stay as they were.</li></ul>",
  "<pre><code>const untouched = true;</code></pre>",
].join("");
const JAPANESE = "<p>市議会は火曜日、十年間閉鎖されていた古い港を小型船に再開することを決定しました。技術者たちは三年かけて防波堤を修復しました。地元の漁師たちはこの決定を歓迎しました。</p>";

/** Answers translation prompts segment by segment ("[[n]]" markers kept), each prefixed with "FR:". */
function translator(request: ChatRequest): string {
  const system = request.messages[0]?.content ?? "";
  const user = request.messages.at(-1)?.content ?? "";
  if (!system.startsWith("Translate each segment")) return defaultAnswer(request);
  return user.replace(/^(?!\[\[\d+\]\])(.+)$/gm, (line) => `FR: ${line.replace("sea walls", "digues")}`);
}

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiTestServer({ respond: translator });
});
afterAll(async () => server.close());

let t: TestApp;
afterEach(async () => t?.close());

async function reader(env: Record<string, string>, email = "ann@example.com") {
  t = await createTestApp(env);
  const { cookie, userId } = await signUp(t, { email });
  return { api: apiAs(t, cookie), userId };
}

async function seedArticles(userId: string) {
  const { entryIds } = await seedFeed(t, { userId, count: 3, newest: new Date(Date.now() - 60_000) });
  const [english, japanese, short] = entryIds as [string, string, string];
  await t.deps.db.update(entries).set({ title: "Harbour reopens", content: ARTICLE, description: "The council voted." }).where(eq(entries.id, english));
  await t.deps.db.update(entries).set({ title: "港が再開", content: JAPANESE, description: null }).where(eq(entries.id, japanese));
  await t.deps.db.update(entries).set({ content: "<p>Too short.</p>", description: null }).where(eq(entries.id, short));
  return { english, japanese, short };
}

const withProvider = (extra: Record<string, string> = {}) => ({ AI_BASE_URL: server.url, AI_MODEL: "test-model", AI_SPEECH_MODEL: "tts-1", ...extra });
const chatCalls = () => server.requests.filter((request) => request.path === "/v1/chat/completions").length;

describe("without a provider", () => {
  it("summarises with the article's own sentences, says nothing for short text, and refuses translation, daily reports and speech with 11000", async () => {
    const { api, userId } = await reader({});
    const { english, short } = await seedArticles(userId);
    expect((await api.get("/ai/config")).body.data).toMatchObject({ chat: false, speech: false, source: null });
    const summary = await api.get<string>(`/ai/summary?id=${english}&language=en`);
    expect(summary.status).toBe(200);
    const text = summary.body.data!;
    expect(text.length).toBeGreaterThan(20);
    const article = "The city council voted on Tuesday to reopen the old harbour to small boats after a decade of closure.";
    expect(text).toContain(article);
    expect((await api.get(`/ai/summary?id=${short}&language=en`)).body.data).toBeNull();
    for (const path of [`/ai/translation?id=${english}&language=ja`, `/ai/daily?view=0&startDate=${Date.now() - 3_600_000}&tz=UTC`]) {
      const failed = await api.get(path);
      expect([failed.status, failed.body.code]).toEqual([503, 11000]);
    }
    const speech = await api.post("/ai/speech", { id: english });
    expect([speech.status, speech.body.code]).toEqual([503, 11000]);
  });
});

describe("with the instance's provider", () => {
  it("summarises through the provider once per entry and language, for every reader", async () => {
    const { api, userId } = await reader(withProvider());
    const { english } = await seedArticles(userId);
    const before = chatCalls();
    const first = await api.get<string>(`/ai/summary?id=${english}&language=ja`);
    expect(first.body.data).toMatch(/^Summary: Title: Harbour reopens/);
    const request = server.requests.at(-1)!.body as { model: string; messages: { content: string }[] };
    expect(request.model).toBe("test-model");
    expect(request.messages[0]!.content).toContain("Write in Japanese");
    expect((await api.get<string>(`/ai/summary?id=${english}&language=ja`)).body.data).toBe(first.body.data);
    const bob = apiAs(t, (await signUp(t, { email: "bob@example.com" })).cookie);
    // Bob does not follow the feed but may read its entries.
    expect((await bob.get<string>(`/ai/summary?id=${english}&language=ja`)).body.data).toBe(first.body.data);
    expect(chatCalls()).toBe(before + 1);
    expect((await api.get("/ai/config")).body.data).toMatchObject({ chat: true, speech: true, source: "instance", usedToday: 1 });
  });

  it("streams a summary as server-sent events: deltas, then the whole summary", async () => {
    const { userId } = await reader(withProvider());
    const { cookie } = await signUp(t, { email: "cy@example.com" });
    const { english } = await seedArticles(userId);
    const response = await t.request(`/api/ai/summary?id=${english}&language=en&stream=1`, { cookie });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const body = await response.text();
    const deltas = [...body.matchAll(/event: delta\ndata: (.*)\n/g)].map((match) => (JSON.parse(match[1]!) as { text: string }).text);
    const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(body)![1]!) as { summary: string; extractive: boolean };
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("").trim()).toBe(done.summary);
    expect(done).toMatchObject({ extractive: false });
    // Asked again, it comes whole from the store.
    const again = await (await t.request(`/api/ai/summary?id=${english}&language=en&stream=1`, { cookie })).text();
    expect(again).not.toContain("event: delta");
    expect(again).toContain(JSON.stringify(done.summary));
  });

  it("frees a summary whose reader left mid-stream: the next reader gets a new one instead of waiting", async () => {
    const { api, userId } = await reader(withProvider());
    const { english } = await seedArticles(userId);
    const events = t.deps.ai.summaries.events({ id: userId } as Parameters<typeof t.deps.ai.summaries.events>[0], { id: english, language: "en", target: "content" });
    expect((await events.next()).value).toMatchObject({ type: "delta" });
    await events.return(undefined);
    expect((await api.get<string>(`/ai/summary?id=${english}&language=en`)).body.data).toMatch(/^Summary: /);
  });

  it("translates what is not in the language yet, keeps the markup, re-sanitises, and gives the immersive form", async () => {
    const { api, userId } = await reader(withProvider());
    const { english, japanese } = await seedArticles(userId);
    const before = chatCalls();
    const result = await api.get<Record<string, string>>(`/ai/translation?id=${english}&language=fr&fields=title,description,content`);
    expect(result.status).toBe(200);
    const data = result.body.data!;
    expect(data.title).toBe("FR: Harbour reopens");
    expect(data.description).toBe("FR: The council voted.");
    expect(data.content).toContain("<h2>FR: The harbour reopens</h2>");
    expect(data.content).toContain('<a href="https://example.com/walls"');
    expect(data.content).toContain(">digues</a>");
    expect(data.content).toContain("<li>FR: Moorings open in March.</li>");
    expect(data.content).toContain("const untouched = true;");
    expect(data.content!.match(/<p>/g)).toHaveLength(3);
    expect(data.contentImmersive).toContain('<p>The city council voted on Tuesday');
    expect(data.contentImmersive).toMatch(/<\/p><p data-translation="fr">FR: The city council/);
    expect(data.contentImmersive).toContain('<li>Moorings open in March.<div data-translation="fr">FR: Moorings open in March.</div></li>');
    expect(chatCalls()).toBe(before + 2);
    // Stored: asked again, nothing reaches the provider.
    expect((await api.get(`/ai/translation?id=${english}&language=fr&fields=title,content`)).body.data).toMatchObject({ title: data.title, content: data.content });
    expect(chatCalls()).toBe(before + 2);
    // Japanese asked in Japanese: nothing to translate (a four-character title is too short to tell, so only the content).
    expect((await api.get(`/ai/translation?id=${japanese}&language=ja&fields=content`)).body.data).toBeNull();
    expect(chatCalls()).toBe(before + 2);
  });

  it("re-sanitises what the model answers", async () => {
    const { api, userId } = await reader(withProvider());
    const { japanese } = await seedArticles(userId);
    server.script([{ answer: '[[1]]\n<img src=x onerror="alert(1)">Le conseil<script>alert(1)</script>' }]);
    const data = (await api.get<Record<string, string>>(`/ai/translation?id=${japanese}&language=fr&fields=content`)).body.data!;
    expect(data.content).toContain("Le conseil");
    expect(data.content).not.toMatch(/script|onerror/);
  });

  it("holds each reader to AI_DAILY_LIMIT provider calls a day (11001)", async () => {
    const { api, userId } = await reader(withProvider({ AI_DAILY_LIMIT: "1" }));
    const { english, japanese } = await seedArticles(userId);
    expect((await api.get(`/ai/summary?id=${english}&language=en`)).status).toBe(200);
    const refused = await api.get(`/ai/translation?id=${japanese}&language=en&fields=content`);
    expect([refused.status, refused.body.code]).toEqual([429, 11001]);
    // What is stored costs nothing.
    expect((await api.get(`/ai/summary?id=${english}&language=en`)).status).toBe(200);
  });

  it("reports a provider's refusal (11002, with its reason) and a timeout (11003)", async () => {
    const { api, userId } = await reader(withProvider({ AI_TIMEOUT_SECONDS: "1" }));
    const { english, japanese } = await seedArticles(userId);
    server.script([{ status: 401, message: "Incorrect API key provided" }]);
    const refused = await api.get(`/ai/summary?id=${english}&language=en`);
    expect([refused.status, refused.body.code]).toEqual([502, 11002]);
    expect(refused.body.reason).toContain("127.0.0.1");
    server.script([{ hang: true }]);
    const asked = server.requests.length;
    const started = Date.now();
    const slow = await api.get(`/ai/translation?id=${japanese}&language=en&fields=content`);
    expect([slow.status, slow.body.code]).toEqual([504, 11003]);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests.length).toBe(asked + 1);
  });

  it("writes a daily report of the window linking to the entries, and keeps it", async () => {
    const { api, userId } = await reader(withProvider());
    const { english } = await seedArticles(userId);
    server.script([{ answer: "## Harbour\n- The harbour reopens [1](tidings:1) [9](tidings:9)" }]);
    const start = Date.now() - 6 * 60 * 60 * 1000;
    const report = await api.get<string>(`/ai/daily?view=0&startDate=${start}&tz=Europe/Paris&language=en`);
    expect(report.body.data).toContain(`[1](/timeline/view-0/all/${english})`);
    expect(report.body.data).not.toContain("tidings:");
    const before = chatCalls();
    expect((await api.get<string>(`/ai/daily?view=0&startDate=${start}&tz=Europe/Paris`)).body.data).toBe(report.body.data);
    expect(chatCalls()).toBe(before);
    expect((await api.get(`/ai/daily?view=0&startDate=${start}&tz=Mars/Olympus`)).status).toBe(400);
    // A window without entries needs no model.
    expect((await api.get<string>(`/ai/daily?view=1&startDate=${start}&tz=UTC`)).body.data).toBe("");
  });

  it("reads an entry aloud through /audio/speech, falling back to the provider's voice for a browser voice name", async () => {
    const { userId } = await reader(withProvider());
    const { cookie } = await signUp(t, { email: "dee@example.com" });
    const { english } = await seedArticles(userId);
    server.script([{ status: 400, message: "Unknown voice" }]);
    const response = await t.request("/api/ai/speech", { cookie, json: { id: english, voice: "en-US-AndrewMultilingualNeural", speed: 1.5 } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const spoken = server.requests.filter((request) => request.path === "/v1/audio/speech").at(-1)!.body as { voice: string; speed: number; input: string };
    expect(spoken).toMatchObject({ voice: "alloy", speed: 1.5 });
    expect(spoken.input.startsWith("Harbour reopens\n\n")).toBe(true);
  });
});

describe("a reader's own provider", () => {
  it("stores the key encrypted, never shows it, and uses it instead of the instance's", async () => {
    const { api, userId } = await reader({ PRIVATE_NETWORKS_FOR: "everyone" });
    const { english } = await seedArticles(userId);
    expect((await api.put("/ai/settings", { baseUrl: "ftp://nope" })).body.code).toBe(1002);
    const saved = await api.put("/ai/settings", { baseUrl: server.url, apiKey: "sk-own-secret-9876", model: "own-model" });
    expect(saved.body.data).toEqual({ baseUrl: server.url, model: "own-model", apiKeySet: true, apiKeyHint: "…9876" });
    expect(JSON.stringify((await api.get("/ai/settings")).body)).not.toContain("secret");
    const [row] = await t.deps.db.select().from(aiUserSettings).where(eq(aiUserSettings.userId, userId));
    expect(row!.apiKeyEncrypted).not.toContain("secret");
    // An extractive summary made before is replaced by the provider's.
    await t.deps.db.execute(sql`INSERT INTO ai_summaries (entry_id, language, target, summary) VALUES (${english}, 'en', 'content', 'old extractive')`);
    expect((await api.get<string>(`/ai/summary?id=${english}&language=en`)).body.data).toMatch(/^Summary:/);
    const sent = server.requests.at(-1)!;
    expect(sent.headers.authorization).toBe("Bearer sk-own-secret-9876");
    expect((sent.body as { model: string }).model).toBe("own-model");
    expect((await api.get("/ai/config")).body.data).toMatchObject({ chat: true, speech: false, source: "user", model: "own-model" });
    // Cleared, the key is gone and the reader is back to the instance (none here).
    expect((await api.put("/ai/settings", { apiKey: null, baseUrl: null })).body.data).toMatchObject({ apiKeySet: false, baseUrl: null });
    expect((await api.get("/ai/config")).body.data).toMatchObject({ chat: false });
  });

  it("may be on a private network for the administrator only (PRIVATE_NETWORKS_FOR=admins), checked when saved and when called", async () => {
    const { api: admin, userId } = await reader({});
    const { english } = await seedArticles(userId);
    // The first account is the administrator: their own Ollama on the LAN is theirs to use.
    expect((await admin.put("/ai/settings", { baseUrl: server.url, model: "own-model" })).status).toBe(200);
    expect((await admin.get(`/ai/translation?id=${english}&language=fr&fields=title`)).body.data).toEqual({ title: "FR: Harbour reopens" });
    // Another reader may not save it, and nothing is sent.
    const { cookie, userId: beaId } = await signUp(t, { email: "bea@example.com" });
    const bea = apiAs(t, cookie);
    const before = server.requests.length;
    const refused = await bea.put("/ai/settings", { baseUrl: server.url, model: "own-model" });
    expect(refused).toMatchObject({ status: 403, body: { code: 16000, reason: `${new URL(server.url).hostname} is on a private network, which this server reaches only for its administrators` } });
    expect((await bea.get("/ai/settings")).body.data).toMatchObject({ baseUrl: null });
    // One saved before (or by a name that now resolves privately) is refused when called.
    await t.deps.db.insert(aiUserSettings).values({ userId: beaId, baseUrl: server.url, model: "own-model" });
    const called = await bea.get(`/ai/translation?id=${english}&language=de&fields=title`);
    expect([called.status, called.body.code]).toEqual([403, 16000]);
    expect(server.requests.length).toBe(before);
  });
});

describe("the Actions engine's hooks", () => {
  it("summarises and translates an entry at ingestion for a rule's owner, stored for every reader", async () => {
    const { api, userId } = await reader(withProvider());
    const { english } = await seedArticles(userId);
    expect(await t.deps.ai.ingestion.summarize(userId, english, "de")).toMatch(/^Summary: /);
    expect(await t.deps.ai.ingestion.translate(userId, english, "fr", ["title"])).toEqual({ title: "FR: Harbour reopens" });
    const before = chatCalls();
    expect((await api.get<string>(`/ai/summary?id=${english}&language=de`)).body.data).toMatch(/^Summary: /);
    expect((await api.get(`/ai/translation?id=${english}&language=fr&fields=title`)).body.data).toEqual({ title: "FR: Harbour reopens" });
    expect(chatCalls()).toBe(before);
    expect((await api.get("/ai/config")).body.data).toMatchObject({ usedToday: 2 });
  });
});

export type { Api };
