import { type AiSettings, ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import { createAiProvider, type AiProvider } from "../../lib/ai/provider.ts";
import type { SealedBox } from "../../lib/sealed-box.ts";
import type { AiConfig } from "./ai.config.ts";
import { assertReachable, type NetworkPolicy } from "../../lib/http/index.ts";
import type { AiRepo } from "./ai.repo.ts";

/** The provider serving one reader, with the model of each task. */
export interface ResolvedProvider {
  provider: AiProvider;
  source: "user" | "instance";
  models: { summary: string; translation: string; daily: string; speech: string | null };
}

const CACHE_SIZE = 32;

/**
 * Picks the provider of a reader: their own (Settings → AI: base URL and model, key optional for
 * local servers) when they set one, else the instance's (AI_BASE_URL), else none. A reader's own
 * base URL is an address they hand the server: it passes the private-network policy when saved,
 * and its connections reach what the policy allows that reader. The administrator's AI_BASE_URL
 * may be anything (Ollama on the same machine). Clients are kept per configuration, so their
 * connections are reused.
 */
export function createAiProviders(deps: { config: AiConfig & { sharedAddresses: readonly string[] }; repo: AiRepo; box: SealedBox; network: NetworkPolicy }) {
  const { config, repo, box, network } = deps;
  const instance = config.provider;
  const cache = new Map<string, AiProvider>();
  const cached = (key: string, make: () => AiProvider) => {
    let provider = cache.get(key);
    if (provider) {
      cache.delete(key);
    } else {
      provider = make();
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(key, provider);
    return provider;
  };
  const instanceProvider = instance
    ? createAiProvider({ baseUrl: instance.baseUrl, apiKey: instance.apiKey, model: instance.model, speechModel: instance.speechModel, timeoutMs: config.timeoutMs, maxRetries: 2, reach: "any" })
    : null;

  return {
    /** The reader's provider, or null when neither they nor the instance configured one. */
    async forUser(userId: string): Promise<ResolvedProvider | null> {
      const own = await repo.userSettings(userId);
      if (own?.baseUrl && own.model) {
        const apiKey = own.apiKeyEncrypted ? box.open(own.apiKeyEncrypted) : null;
        const reach = (await network.allowsUser(userId)) ? "private-networks" : "public";
        const provider = cached(JSON.stringify([own.baseUrl, own.model, apiKey, reach]), () =>
          createAiProvider({ baseUrl: own.baseUrl!, apiKey, model: own.model!, speechModel: null, timeoutMs: config.timeoutMs, maxRetries: 2, reach, sharedAddresses: config.sharedAddresses }),
        );
        return { provider, source: "user", models: { summary: own.model, translation: own.model, daily: own.model, speech: null } };
      }
      if (!instance || !instanceProvider) return null;
      return {
        provider: instanceProvider,
        source: "instance",
        models: { summary: instance.summaryModel, translation: instance.translationModel, daily: instance.dailyModel, speech: instance.speechModel },
      };
    },

    async settings(userId: string): Promise<AiSettings> {
      const own = await repo.userSettings(userId);
      const key = own?.apiKeyEncrypted ? box.open(own.apiKeyEncrypted) : null;
      return { baseUrl: own?.baseUrl ?? null, model: own?.model ?? null, apiKeySet: key !== null, apiKeyHint: key ? `…${key.slice(-4)}` : null };
    },

    /** Changes a reader's own provider: an omitted field stays, null clears it. */
    async saveSettings(user: { id: string; isAdmin: boolean }, input: { baseUrl?: string | null; apiKey?: string | null; model?: string | null }): Promise<AiSettings> {
      const userId = user.id;
      if (input.baseUrl) {
        checkBaseUrl(input.baseUrl);
        await assertReachable(network, input.baseUrl, user);
      }
      const own = await repo.userSettings(userId);
      await repo.saveUserSettings(userId, {
        baseUrl: input.baseUrl === undefined ? (own?.baseUrl ?? null) : input.baseUrl?.replace(/\/+$/, "") || null,
        model: input.model === undefined ? (own?.model ?? null) : input.model?.trim() || null,
        apiKeyEncrypted: input.apiKey === undefined ? (own?.apiKeyEncrypted ?? null) : input.apiKey ? box.seal(input.apiKey.trim()) : null,
      });
      return this.settings(userId);
    },
  };
}

function checkBaseUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError(ErrorCode.InvalidParameter, { reason: `The provider's base URL is not a URL: ${value}` });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new AppError(ErrorCode.InvalidParameter, { reason: "The provider's base URL must start with http:// or https://" });
  if (url.username || url.password) throw new AppError(ErrorCode.InvalidParameter, { reason: "Put the API key in its own field, not in the URL" });
}

export type AiProviders = ReturnType<typeof createAiProviders>;
