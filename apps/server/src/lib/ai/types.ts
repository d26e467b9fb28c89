import type { ProviderReach } from "./guarded-transport.ts";

/** Where an OpenAI-compatible provider is and how patiently to talk to it. */
export interface AiProviderConfig {
  /** e.g. "https://api.openai.com/v1", "http://localhost:11434/v1" (Ollama). */
  baseUrl: string;
  /** null for servers that need none (Ollama, llama.cpp, LM Studio): no Authorization is sent. */
  apiKey: string | null;
  model: string;
  /** For speech; default "tts-1", the name most OpenAI-compatible speech servers accept. */
  speechModel?: string | null;
  /** Per call: until the answer starts (retries included), then for each wait on a stream. */
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx or a connection failure, honouring Retry-After. */
  maxRetries: number;
  /**
   * The addresses its connections may reach: for a base URL a reader typed, what the
   * private-network policy allows them ("public", or "private-networks"); "any" for the
   * instance's own (AI_BASE_URL). What a reader's provider reached on a private network says in
   * its errors is not passed on, only its status.
   */
  reach: ProviderReach;
  /** SHARED_PRIVATE_ADDRESSES: private ranges counted as public (every reader may reach them). */
  sharedAddresses?: readonly string[];
}

/** One message of a chat. */
export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A chat request; model defaults to the configured one. */
export interface ChatInput {
  messages: ChatMessage[];
  model?: string;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/** A speech request (OpenAI `/audio/speech`); format defaults to mp3. */
export interface SpeechInput {
  text: string;
  voice: string;
  speed?: number;
  model?: string;
  format?: "mp3" | "opus" | "aac" | "wav";
  signal?: AbortSignal;
}

/**
 * What the server asks of an AI provider. Every failure is an AiProviderError; a caller's
 * abort rethrows the signal's reason. Answers come without a leading <think> block.
 */
export interface AiProvider {
  /** Whole answer. */
  complete(input: ChatInput): Promise<string>;
  /** The answer as it is generated: yields text deltas. */
  stream(input: ChatInput): AsyncIterable<string>;
  /** Speech audio as a web ReadableStream of bytes, with its content type. */
  speech(input: SpeechInput): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }>;
}
