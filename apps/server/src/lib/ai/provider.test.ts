import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closedPort } from "../http/test-servers.ts";
import { defaultAnswer, type OpenAiTestServer, startOpenAiTestServer } from "./openai-test-server.ts";
import { type AiProviderConfig, AiProviderError, createAiProvider } from "./provider.ts";
import { stripThinkBlock, ThinkStripper } from "./think.ts";

const KEY = "sk-test-key-123";
const MESSAGES = [
  { role: "system" as const, content: "You summarise articles." },
  { role: "user" as const, content: "The quick brown fox jumps over the lazy dog, then naps in the afternoon sun for a while." },
];
const EXPECTED = defaultAnswer({ model: "m", messages: MESSAGES, stream: false, body: {} });

let server: OpenAiTestServer;
const extraServers: OpenAiTestServer[] = [];
beforeEach(async () => {
  server = await startOpenAiTestServer({ chunkDelayMs: 5 });
});
afterEach(async () => {
  await Promise.all([server, ...extraServers.splice(0)].map((each) => each.close()));
});

function provider(overrides: Partial<AiProviderConfig> = {}) {
  return createAiProvider({ baseUrl: server.url, apiKey: KEY, model: "test-model", timeoutMs: 5_000, maxRetries: 2, reach: "any", ...overrides });
}

async function failure(promise: Promise<unknown>): Promise<AiProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiProviderError);
  return error as AiProviderError;
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe("complete and stream", () => {
  it("complete returns the answer and sends the model, the messages and the options", async () => {
    expect(EXPECTED).toBe("Summary: The quick brown fox jumps over the lazy dog, then naps in the afternoon sun for ");
    expect(await provider().complete({ messages: MESSAGES, maxTokens: 200, temperature: 0.2 })).toBe(EXPECTED);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions" });
    expect(server.requests[0]?.body).toMatchObject({ model: "test-model", messages: MESSAGES, max_tokens: 200, temperature: 0.2 });
    await provider().complete({ messages: MESSAGES, model: "other" });
    expect(server.requests[1]?.body).toMatchObject({ model: "other" });
  });

  it("stream yields several deltas, in order, as they arrive; together they are the answer", async () => {
    const slow = await startOpenAiTestServer({ chunkDelayMs: 40 });
    extraServers.push(slow);
    const arrivals: number[] = [];
    const pieces: string[] = [];
    for await (const piece of createAiProvider({ ...config(slow), timeoutMs: 5_000 }).stream({ messages: MESSAGES })) {
      pieces.push(piece);
      arrivals.push(Date.now());
    }
    expect(pieces.length).toBeGreaterThanOrEqual(10);
    expect(pieces.join("")).toBe(EXPECTED);
    expect(pieces[0]).toBe("Summary:");
    expect(pieces[1]).toBe(" The");
    // Delivered incrementally, not all at once at the end.
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(40 * (pieces.length - 2));
    expect(slow.requests[0]?.body).toMatchObject({ stream: true });
  });

  it("strips a leading <think> block from complete and from stream", async () => {
    const answer = "<think>\nThe user wants a summary. Keep it short.\n</think>\n\nFoxes nap.";
    server.script([{ answer }, { answer }]);
    expect(await provider().complete({ messages: MESSAGES })).toBe("Foxes nap.");
    const pieces = await collect(provider().stream({ messages: MESSAGES }));
    expect(pieces.join("")).toBe("Foxes nap.");
    expect(pieces.some((piece) => piece.includes("think"))).toBe(false);
  });

  it("fails with bad-response on an empty answer or a stream without content", async () => {
    server.script([{ answer: "" }, { answer: "" }, { answer: "<think>only reasoning, out of tokens" }]);
    expect((await failure(provider().complete({ messages: MESSAGES }))).kind).toBe("bad-response");
    expect((await failure(collect(provider().stream({ messages: MESSAGES })))).kind).toBe("bad-response");
    const error = await failure(provider().complete({ messages: MESSAGES }));
    expect(error.kind).toBe("bad-response");
    expect(error.message).toContain(new URL(server.url).host);
  });

  it("a stream whose connection drops mid-answer fails with unavailable", async () => {
    server.script([{ streamThenDrop: true }]);
    const pieces: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of provider().stream({ messages: MESSAGES })) pieces.push(piece);
      })(),
    );
    expect(error.kind).toBe("unavailable");
    expect(pieces).toEqual(["Summary:"]);
  });
});

describe("ThinkStripper", () => {
  it("gives the same result however the text is split into deltas", () => {
    for (const text of ["  <think>a < b </think>  Answer <think>kept</think>", "<thin", "<b>bold</b>", "Plain", " <think>never closed"]) {
      const stripper = new ThinkStripper();
      const byChar = [...text].map((char) => stripper.push(char)).join("") + stripper.end();
      expect(byChar).toBe(stripThinkBlock(text));
    }
    expect(stripThinkBlock("  <think>a < b </think>  Answer <think>kept</think>")).toBe("Answer <think>kept</think>");
    expect(stripThinkBlock("<thin")).toBe("<thin");
    expect(stripThinkBlock(" <think>never closed")).toBe("");
  });
});

describe("authentication", () => {
  it("sends the API key as a Bearer token, and no Authorization at all without a key", async () => {
    await provider().complete({ messages: MESSAGES });
    await provider({ apiKey: null }).complete({ messages: MESSAGES });
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests[1]?.headers).not.toHaveProperty("authorization");
  });

  it("401 fails with unauthorized at once, naming the host and never the key", async () => {
    server.script([{ status: 401, message: `Incorrect API key provided: ${KEY}.` }]);
    const error = await failure(provider().complete({ messages: MESSAGES }));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(error.message).toContain(new URL(server.url).host);
    expect(`${error.message} ${error.providerMessage}`).not.toContain(KEY);
    expect(error.providerMessage).toBe("Incorrect API key provided: ***.");
    expect(server.requests).toHaveLength(1);
  });
});

describe("retries", () => {
  it("waits as long as retry-after-ms asks after a 429, then succeeds", async () => {
    server.script([{ status: 429, retryAfterMs: 400 }]);
    expect(await provider().complete({ messages: MESSAGES })).toBe(EXPECTED);
    const [first, second] = server.requests;
    expect(server.requests).toHaveLength(2);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(390);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeLessThan(1_500);
  });

  it("honours Retry-After in seconds", async () => {
    server.script([{ status: 429, retryAfter: 1 }]);
    expect(await provider().complete({ messages: MESSAGES })).toBe(EXPECTED);
    expect((server.requests[1]?.at ?? 0) - (server.requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(990);
  });

  it("retries a 500, and a 503 before a stream", async () => {
    server.script([{ status: 500 }, { status: 503 }]);
    expect(await provider().complete({ messages: MESSAGES })).toBe(EXPECTED);
    expect((await collect(provider().stream({ messages: MESSAGES }))).join("")).toBe(EXPECTED);
    expect(server.requests).toHaveLength(4);
  });

  it("429 on every attempt fails with rate-limited and the wait asked for", async () => {
    server.script([0, 1, 2].map(() => ({ status: 429 as const, retryAfterMs: 20, message: "Rate limit reached" })));
    const error = await failure(provider().complete({ messages: MESSAGES }));
    expect(error).toMatchObject({ kind: "rate-limited", status: 429, retryAfterMs: 20, providerMessage: "Rate limit reached" });
    expect(server.requests).toHaveLength(3);
  });

  it("a 503 on every attempt fails with unavailable", async () => {
    server.script([{ status: 503 }, { status: 503 }]);
    expect(await failure(provider({ maxRetries: 1 }).complete({ messages: MESSAGES }))).toMatchObject({ kind: "unavailable", status: 503 });
  });

  it("a time limit that runs out while waiting to retry a 429 reports rate-limited", async () => {
    server.script([{ status: 429, retryAfter: 30 }]);
    const error = await failure(provider({ timeoutMs: 300 }).complete({ messages: MESSAGES }));
    expect(error).toMatchObject({ kind: "rate-limited", retryAfterMs: 30_000 });
  });
});

describe("failures", () => {
  it("404 for an unknown model fails with refused and the provider's message, without retrying", async () => {
    server.script([{ status: 404, message: "The model `gpt-9` does not exist or you do not have access to it." }]);
    const error = await failure(provider().complete({ messages: MESSAGES, model: "gpt-9" }));
    expect(error).toMatchObject({ kind: "refused", status: 404, providerMessage: "The model `gpt-9` does not exist or you do not have access to it." });
    expect(error.message).toContain("does not exist");
    expect(server.requests).toHaveLength(1);
  });

  it("a reader's provider on a private network: its status only, never its own words", async () => {
    server.script([{ status: 404, message: "The model `gpt-9` does not exist or you do not have access to it." }]);
    const error = await failure(provider({ reach: "private-networks" }).complete({ messages: MESSAGES, model: "gpt-9" }));
    expect(error).toMatchObject({ kind: "refused", status: 404, providerMessage: null });
    expect(error.message).toBe(`${new URL(server.url).host} refused the request (HTTP 404)`);
  });

  it("a provider that never answers fails with timeout within timeoutMs, retries included", async () => {
    server.script([{ hang: true }, { hang: true }, { hang: true }]);
    const started = Date.now();
    const error = await failure(provider({ timeoutMs: 300 }).complete({ messages: MESSAGES }));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(800);
  });

  it("a stream that stalls between chunks fails with timeout", async () => {
    const stalling = await startOpenAiTestServer({ chunkDelayMs: 600 });
    extraServers.push(stalling);
    const pieces: string[] = [];
    const error = await failure(
      (async () => {
        for await (const piece of createAiProvider({ ...config(stalling), timeoutMs: 300 }).stream({ messages: MESSAGES })) pieces.push(piece);
      })(),
    );
    expect(error.kind).toBe("timeout");
    expect(pieces).toEqual([]);
  });

  it("connection refused fails with unavailable", async () => {
    const port = await closedPort();
    const error = await failure(provider({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }).complete({ messages: MESSAGES }));
    expect(error.kind).toBe("unavailable");
    expect(error.message).toBe(`Cannot reach 127.0.0.1:${port}: connection refused`);
  });

  it("the caller's abort rejects with its reason, not an AiProviderError", async () => {
    server.script([{ hang: true }]);
    const controller = new AbortController();
    const pending = provider().complete({ messages: MESSAGES, signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 50);
    await expect(pending).rejects.toThrow("user left");
  });
});

describe("speech", () => {
  it("returns the audio bytes and content type, and sends text, voice, speed and model", async () => {
    const { body, contentType } = await provider({ speechModel: "tts-1-hd" }).speech({ text: "Hello there.", voice: "alloy", speed: 1.25 });
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    expect(contentType).toBe("audio/mpeg");
    expect(bytes.length).toBe(12 * 417);
    expect([...bytes.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x90, 0xc4]);
    expect(server.requests[0]).toMatchObject({ path: "/v1/audio/speech" });
    expect(server.requests[0]?.body).toMatchObject({ model: "tts-1-hd", input: "Hello there.", voice: "alloy", speed: 1.25, response_format: "mp3" });
  });

  it("an audio body that breaks off fails with unavailable when read", async () => {
    server.script([{ streamThenDrop: true }]);
    const { body } = await provider().speech({ text: "Hello.", voice: "alloy" });
    const error = await failure(new Response(body).arrayBuffer());
    expect(error.kind).toBe("unavailable");
  });
});

describe("reach", () => {
  it("refuses the test server's private address (literal or by name) for public reach, while any reaches it", async () => {
    const guarded = provider({ reach: "public" });
    const literal = await failure(guarded.complete({ messages: MESSAGES }));
    expect(literal).toMatchObject({ kind: "refused", addressRefused: true });
    expect(literal.message).toContain("it is on a private network, which this server does not reach for your own AI provider");
    const byName = provider({ reach: "public", baseUrl: server.url.replace("127.0.0.1", "localhost") });
    expect((await failure(collect(byName.stream({ messages: MESSAGES })))).kind).toBe("refused");
    expect((await failure(byName.speech({ text: "Hi", voice: "alloy" }))).kind).toBe("refused");
    expect(server.requests).toHaveLength(0);
    expect(server.connections()).toBe(0);
    expect(await provider({ reach: "any" }).complete({ messages: MESSAGES })).toBe(EXPECTED);
    expect(server.requests).toHaveLength(1);
    expect(await provider({ reach: "private-networks" }).complete({ messages: MESSAGES })).toBe(EXPECTED);
    expect(server.requests).toHaveLength(2);
  });
});

function config(target: OpenAiTestServer): AiProviderConfig {
  return { baseUrl: target.url, apiKey: KEY, model: "test-model", timeoutMs: 5_000, maxRetries: 2, reach: "any" };
}
