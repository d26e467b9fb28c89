// A local server speaking the OpenAI protocol, for server tests and for Playwright end-to-end
// tests alike (so no vitest in here): 127.0.0.1, port 0, nothing leaves the machine.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { silentMp3, silentWav } from "./test-audio.ts";

/** What the server saw of one request; `body` is the parsed JSON (the raw text if it was not JSON). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** Date.now() when the request had been read. */
  at: number;
}

/** A chat request as `respond` sees it; a message's non-text content arrives as JSON text. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  stream: boolean;
  body: Record<string, unknown>;
}

/**
 * How the next request (to any endpoint) is answered instead of normally, one entry per
 * request, in order. Error statuses use OpenAI's `{error: {message, type, code}}` body.
 */
export type ScriptedAnswer =
  | { status: 429; retryAfter?: number; retryAfterMs?: number; message?: string }
  | { status: 500 | 502 | 503; message?: string }
  | { status: 400 | 401 | 403 | 404 | 422; message: string; code?: string }
  /** Never answers: for timeouts. */
  | { hang: true }
  /** Sends the headers and the start of the answer, then destroys the connection. */
  | { streamThenDrop: true }
  /** A chat answer with this exact text instead of `respond`'s. */
  | { answer: string };

/** How the server answers when no script says otherwise. */
export interface OpenAiTestServerOptions {
  /** The chat answer; default `defaultAnswer`. */
  respond?: (request: ChatRequest) => string;
  /** Pause between two chunks of a streamed answer (default 0), to observe incremental delivery. */
  chunkDelayMs?: number;
  /** Listed by GET /v1/models and echoed in answers when a request names none (default "test-model"). */
  model?: string;
}

/** A running test server. */
export interface OpenAiTestServer {
  /** Base URL ending in /v1, e.g. "http://127.0.0.1:4567/v1". */
  url: string;
  requests: RecordedRequest[];
  /** TCP connections accepted so far (a refused client should open none). */
  connections(): number;
  /** Queues answers for the next requests (appended to any still queued). */
  script(next: ScriptedAnswer[]): void;
  /** Stops listening and drops every connection, hanging ones included. */
  close(): Promise<void>;
}

/**
 * The default chat answer, deterministic so tests can assert on it: "Summary: " followed by
 * the first 80 characters of the last user message.
 */
export function defaultAnswer(request: ChatRequest): string {
  const last = request.messages.filter((message) => message.role === "user").at(-1);
  return `Summary: ${(last?.content ?? "").slice(0, 80)}`;
}

const ERROR_TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  403: { type: "invalid_request_error", code: "unsupported_country_region_territory" },
  404: { type: "invalid_request_error", code: "model_not_found" },
  422: { type: "invalid_request_error", code: null },
  429: { type: "requests", code: "rate_limit_exceeded" },
};
const AUDIO_TYPES: Record<string, string> = { mp3: "audio/mpeg", opus: "audio/ogg", aac: "audio/aac", wav: "audio/wav", flac: "audio/flac", pcm: "audio/pcm" };

/** Starts the server; see OpenAiTestServerOptions for what it answers by default. */
export async function startOpenAiTestServer(options: OpenAiTestServerOptions = {}): Promise<OpenAiTestServer> {
  const respond = options.respond ?? defaultAnswer;
  const model = options.model ?? "test-model";
  const requests: RecordedRequest[] = [];
  const queue: ScriptedAnswer[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString();
      const recorded = { method: req.method ?? "", path: new URL(req.url ?? "/", "http://test").pathname, headers: req.headers, body: parseJson(raw), at: Date.now() };
      requests.push(recorded);
      answer(recorded, queue.shift(), res).catch(() => res.destroy());
    });
  });

  async function answer(request: RecordedRequest, scripted: ScriptedAnswer | undefined, res: http.ServerResponse): Promise<void> {
    if (scripted !== undefined && "hang" in scripted) return;
    if (scripted !== undefined && "status" in scripted) return sendScriptedError(res, scripted);
    const drop = scripted !== undefined && "streamThenDrop" in scripted;
    const route = `${request.method} ${request.path}`;
    if (route === "GET /v1/models") {
      return sendJson(res, 200, { object: "list", data: [{ id: model, object: "model", created: 1_700_000_000, owned_by: "tidings-test" }] });
    }
    const body = request.body !== null && typeof request.body === "object" ? (request.body as Record<string, unknown>) : null;
    if (body === null) return sendError(res, 400, "the request body is not a JSON object");
    if (route === "POST /v1/audio/speech") return sendSpeech(res, body, drop);
    if (route !== "POST /v1/chat/completions") return sendError(res, 404, `no route ${route}`, "unknown_url");
    const chat = toChatRequest(body, model);
    if (chat === null) return sendError(res, 400, "'messages' must be a non-empty array");
    const text = scripted !== undefined && "answer" in scripted ? scripted.answer : respond(chat);
    if (chat.stream) return sendStream(res, chat, text, options.chunkDelayMs ?? 0, drop);
    const completion = {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: chat.model,
      choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, logprobs: null, finish_reason: "stop" }],
      usage: usage(chat, text),
    };
    if (!drop) return sendJson(res, 200, completion);
    res.writeHead(200, { "content-type": "application/json" });
    res.write(JSON.stringify(completion).slice(0, 40));
    dropSoon(res);
  }

  let connections = 0;
  server.on("connection", () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    connections: () => connections,
    script: (next) => void queue.push(...next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** OpenAI's streaming shape: chat.completion.chunk events, one text piece each, then [DONE]. */
async function sendStream(res: http.ServerResponse, chat: ChatRequest, text: string, chunkDelayMs: number, drop: boolean): Promise<void> {
  const base = { id: "chatcmpl-test", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: chat.model, system_fingerprint: null };
  const event = (delta: object, finish: string | null) => ({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  // Each piece is a word with the whitespace before it, so the pieces add up to the text.
  const pieces = text.match(/\s*\S+|\s+$/g) ?? [];
  const events: object[] = [event({ role: "assistant", content: "" }, null), ...pieces.map((piece) => event({ content: piece }, null)), event({}, "stop")];
  const options = chat.body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage === true) events.push({ ...base, choices: [], usage: usage(chat, text) });
  res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
  for (const [index, data] of events.entries()) {
    if (res.destroyed) return;
    if (drop && index === 2) return dropSoon(res);
    if (index > 0 && chunkDelayMs > 0) await delay(chunkDelayMs);
    res.write(`data: ${JSON.stringify(data)}\n\n`);
  }
  res.end("data: [DONE]\n\n");
}

/**
 * Silent audio in the requested format: mp3 (the default) and wav are real files; the other
 * formats get the MP3 bytes under their own content type, enough for tests that do not decode.
 */
function sendSpeech(res: http.ServerResponse, body: Record<string, unknown>, drop: boolean): void {
  if (typeof body.input !== "string" || body.input === "" || body.voice === undefined) return sendError(res, 400, "'input' and 'voice' are required");
  const format = typeof body.response_format === "string" ? body.response_format : "mp3";
  const audio = format === "wav" ? silentWav() : silentMp3();
  res.writeHead(200, { "content-type": AUDIO_TYPES[format] ?? "audio/mpeg", "transfer-encoding": "chunked" });
  const half = Math.floor(audio.length / 2);
  res.write(audio.subarray(0, half));
  if (drop) dropSoon(res);
  else res.end(audio.subarray(half));
}

// Destroying the socket right after a write could discard what is still buffered: wait a little.
function dropSoon(res: http.ServerResponse): void {
  setTimeout(() => res.destroy(), 20);
}

function sendScriptedError(res: http.ServerResponse, scripted: Extract<ScriptedAnswer, { status: number }>): void {
  const headers: Record<string, string> = {};
  if (scripted.status === 429 && scripted.retryAfter !== undefined) headers["retry-after"] = String(scripted.retryAfter);
  if (scripted.status === 429 && scripted.retryAfterMs !== undefined) headers["retry-after-ms"] = String(scripted.retryAfterMs);
  const code = "code" in scripted ? scripted.code : undefined;
  sendError(res, scripted.status, scripted.message ?? `scripted ${scripted.status}`, code, headers);
}

function sendError(res: http.ServerResponse, status: number, message: string, code?: string, headers: Record<string, string> = {}): void {
  const known = ERROR_TYPES[status] ?? { type: "server_error", code: null };
  sendJson(res, status, { error: { message, type: known.type, param: null, code: code ?? known.code } }, headers);
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}

function toChatRequest(body: Record<string, unknown>, defaultModel: string): ChatRequest | null {
  if (!Array.isArray(body.messages) || body.messages.length === 0) return null;
  const messages = (body.messages as { role?: unknown; content?: unknown }[]).map((message) => ({
    role: String(message.role),
    content: typeof message.content === "string" ? message.content : JSON.stringify(message.content),
  }));
  return { model: typeof body.model === "string" ? body.model : defaultModel, messages, stream: body.stream === true, body };
}

// Roughly four characters a token, like OpenAI's rule of thumb for English.
function usage(chat: ChatRequest, text: string) {
  const prompt = Math.ceil(chat.messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
  const completion = Math.ceil(text.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

function parseJson(raw: string): unknown {
  if (raw === "") return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
