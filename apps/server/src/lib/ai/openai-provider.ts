import OpenAI from "openai";
import type { ChatCompletionCreateParamsBase } from "openai/resources/chat/completions";
import { ProviderCall, tracingFetch, watchBody } from "./call.ts";
import { AiProviderError, type FailureContext, isPrivateAddressRefusal } from "./errors.ts";
import { guardedTransport } from "./guarded-transport.ts";
import type { AiProvider, AiProviderConfig, ChatInput } from "./types.ts";
import { toAiProviderError } from "./sdk-errors.ts";
import { stripThinkBlock, ThinkStripper } from "./think.ts";

// The SDK insists on a key; for keyless servers this one is never sent (see below).
const NO_KEY = "no-key";
const AUDIO_TYPES = { mp3: "audio/mpeg", opus: "audio/ogg", aac: "audio/aac", wav: "audio/wav" } as const;

/**
 * A provider on the official `openai` SDK, which speaks the protocol, retries 429/5xx and
 * connection failures with Retry-After and backoff. Around it: one time limit per call (the
 * SDK's restarts with every retry), errors that say which host failed and why, and a transport
 * that connects only where `reach` allows.
 */
export function createOpenAiProvider(config: AiProviderConfig, url: URL): AiProvider {
  const transport = guardedTransport(config.reach, config.sharedAddresses);
  // A reader's provider on a private network: its own words stay with it (the administrator's are theirs to read).
  const quiet = config.reach === "any" ? () => false : () => transport.reachedPrivately(url.host);
  const context: FailureContext = { host: url.host, timeoutMs: config.timeoutMs, apiKey: config.apiKey, reachedPrivately: quiet };
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? NO_KEY,
    // Explicit, so OPENAI_ORG_ID and OPENAI_PROJECT_ID from the environment never reach a provider.
    organization: null,
    project: null,
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    fetch: tracingFetch(transport.fetch, isPrivateAddressRefusal),
    fetchOptions: transport.fetchOptions,
    // A null header is one the SDK leaves out: no Authorization at all for a keyless server.
    ...(config.apiKey === null ? { defaultHeaders: { Authorization: null } } : {}),
    // Every failure is reported through AiProviderError; the SDK would also print some to the console.
    logLevel: "off",
  });
  // OpenAI's own API refuses max_tokens for its reasoning models; most compatible servers know only max_tokens.
  const tokensField = url.hostname === "api.openai.com" ? "max_completion_tokens" : "max_tokens";
  const fail = (error: unknown, call: ProviderCall) => toAiProviderError(error, call, context);
  const badResponse = (what: string) => new AiProviderError("bad-response", `${context.host} ${what}`);

  const chatBody = (input: ChatInput): ChatCompletionCreateParamsBase => ({
    model: input.model ?? config.model,
    messages: input.messages,
    ...(input.maxTokens === undefined ? {} : { [tokensField]: input.maxTokens }),
    ...(input.temperature === undefined ? {} : { temperature: input.temperature }),
  });

  return {
    async complete(input) {
      const call = new ProviderCall(config.timeoutMs, input.signal);
      try {
        const completion = await call.run(() => client.chat.completions.create({ ...chatBody(input), stream: false }, { signal: call.signal }));
        // Checked, not trusted: a compatible server may send anything with a 200.
        const content: unknown = (completion as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
        if (typeof content !== "string") throw badResponse("sent an answer without a message");
        const answer = stripThinkBlock(content);
        if (answer.trim() === "") throw badResponse("sent an empty answer");
        return answer;
      } catch (error) {
        throw fail(error, call);
      } finally {
        call.finish();
      }
    },

    async *stream(input) {
      const call = new ProviderCall(config.timeoutMs, input.signal);
      try {
        const events = await call.run(() => client.chat.completions.create({ ...chatBody(input), stream: true }, { signal: call.signal }));
        const stripper = new ThinkStripper();
        let answered = false;
        call.restartTimer();
        for await (const event of events) {
          const delta: unknown = (event as { choices?: { delta?: { content?: unknown } }[] }).choices?.[0]?.delta?.content;
          const text = stripper.push(typeof delta === "string" ? delta : "");
          if (text === "") continue;
          answered ||= text.trim() !== "";
          call.pauseTimer();
          yield text;
          call.restartTimer();
        }
        // The SDK ends a stream quietly when its signal fires: time limit or caller's abort.
        if (call.interruption !== null) throw call.signal.reason;
        const rest = stripper.end();
        if (rest !== "") {
          answered ||= rest.trim() !== "";
          yield rest;
        }
        if (!answered) throw badResponse("ended the stream without any answer");
      } catch (error) {
        throw fail(error, call);
      } finally {
        call.finish();
      }
    },

    async speech(input) {
      const call = new ProviderCall(config.timeoutMs, input.signal);
      const format = input.format ?? "mp3";
      try {
        const response = await call.run(() =>
          client.audio.speech.create(
            {
              model: input.model ?? config.speechModel ?? "tts-1",
              input: input.text,
              voice: input.voice,
              response_format: format,
              ...(input.speed === undefined ? {} : { speed: input.speed }),
            },
            { signal: call.signal },
          ),
        );
        const contentType = response.headers.get("content-type") ?? AUDIO_TYPES[format];
        if (response.body === null || /^(application\/json|text\/)/i.test(contentType)) {
          throw badResponse(`sent ${contentType} instead of audio`);
        }
        return { body: watchBody(response.body, call, (error) => fail(error, call)), contentType };
      } catch (error) {
        call.finish();
        throw fail(error, call);
      }
    },
  };
}
