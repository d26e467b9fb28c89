import { onFirstUse } from "../on-first-use.ts";
import { AiProviderError } from "./errors.ts";
import type { AiProvider, AiProviderConfig } from "./types.ts";

export { AiProviderError, type AiProviderErrorKind } from "./errors.ts";
export type { AiProvider, AiProviderConfig, ChatInput, ChatMessage, SpeechInput } from "./types.ts";
export type { ProviderReach } from "./guarded-transport.ts";

/**
 * A provider of `config`. Its base URL is checked now; the SDK and its transport (openai and
 * undici, ~10 MB resident) load with the first call, so a server that never calls one never
 * holds them (openai-provider.ts).
 */
export function createAiProvider(config: AiProviderConfig): AiProvider {
  const url = URL.parse(config.baseUrl);
  if (url === null || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new AiProviderError("refused", "The AI provider's base URL must be an http:// or https:// URL");
  }
  const provider = onFirstUse(() => import("./openai-provider.ts").then(({ createOpenAiProvider }) => createOpenAiProvider(config, url)));
  return {
    complete: async (input) => (await provider()).complete(input),
    async *stream(input) {
      yield* (await provider()).stream(input);
    },
    speech: async (input) => (await provider()).speech(input),
  };
}
