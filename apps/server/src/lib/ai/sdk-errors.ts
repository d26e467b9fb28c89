import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { type ProviderCall, retryAfterMs } from "./call.ts";
import { AiProviderError, type AiProviderErrorKind, type FailureContext, isPrivateAddressRefusal, privateAddressRefusal } from "./errors.ts";

const CONNECT_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ECONNRESET: "connection reset",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_SOCKET: "connection lost",
};

/**
 * Turns whatever a call threw into an AiProviderError; the caller's own abort comes back as
 * its abort reason. Looks at why the call's signal fired first: the SDK only reports that as
 * "aborted", whatever the reason.
 */
export function toAiProviderError(error: unknown, call: ProviderCall, context: FailureContext): unknown {
  if (error instanceof AiProviderError) return error;
  if (call.interruption === "caller") return call.callerReason();
  const host = context.host;
  const redact = (text: string) => (context.apiKey !== null && context.apiKey.length >= 4 ? text.replaceAll(context.apiKey, "***") : text);
  const make = (kind: AiProviderErrorKind, message: string, details: ConstructorParameters<typeof AiProviderError>[2] = {}) =>
    new AiProviderError(kind, redact(message), { ...details, providerMessage: details.providerMessage == null ? null : redact(details.providerMessage), cause: error });

  if (call.interruption === "refused" || isPrivateAddressRefusal(error)) {
    const refusal = privateAddressRefusal(call.refusal) ?? privateAddressRefusal(error);
    const never = (refusal as { refusal?: { scope?: string } } | null)?.refusal?.scope === "never";
    const where = never ? "a link-local, metadata or reserved address, which Tidings never connects to" : "on a private network, which this server does not reach for your own AI provider";
    return make("refused", `Tidings did not connect to ${host}: it is ${where}`, { addressRefused: true });
  }
  if (call.interruption === "timeout" && call.retrying !== null) {
    // The time limit ran out while the SDK waited to retry a 429 or 5xx.
    const { status, retryAfterMs: wait } = call.retrying;
    if (status === 429) return make("rate-limited", rateLimitMessage(host, wait), { status, retryAfterMs: wait });
    return make("unavailable", `${host} is unavailable (HTTP ${status})`, { status });
  }
  if (call.interruption === "timeout" || error instanceof APIConnectionTimeoutError) {
    return make("timeout", `${host} did not answer within ${formatSeconds(context.timeoutMs)}`);
  }
  if (error instanceof APIConnectionError) return make("unavailable", `Cannot reach ${host}: ${describeCause(error.cause)}`);
  const quiet = context.reachedPrivately?.() === true;
  if (error instanceof APIError && typeof error.status === "number") {
    const status = error.status;
    const providerMessage = quiet ? null : providerMessageOf(error);
    const suffix = providerMessage === null ? "" : `: ${providerMessage}`;
    if (status === 401 || status === 403) {
      return make("unauthorized", `${host} did not accept the API key (HTTP ${status})${suffix}`, { status, providerMessage });
    }
    if (status === 429) {
      const wait = retryAfterMs(error.headers);
      return make("rate-limited", `${rateLimitMessage(host, wait)}${suffix}`, { status, retryAfterMs: wait, providerMessage });
    }
    if (status >= 500 || status === 408 || status === 409) return make("unavailable", `${host} is unavailable (HTTP ${status})${suffix}`, { status, providerMessage });
    return make("refused", `${host} refused the request (HTTP ${status})${suffix}`, { status, providerMessage });
  }
  if (error instanceof APIError) {
    // An error event in the middle of a stream: the provider failed while answering.
    const providerMessage = quiet ? null : providerMessageOf(error);
    return make("unavailable", `${host} failed while answering${providerMessage === null ? "" : `: ${providerMessage}`}`, { providerMessage });
  }
  if (error instanceof SyntaxError) return make("bad-response", `${host} sent a malformed answer`);
  if (error instanceof TypeError && (error.message === "terminated" || connectionCode(error) !== "")) {
    return make("unavailable", `The connection to ${host} broke off during the answer (${describeCause(error)})`);
  }
  return make("bad-response", `${host} sent an answer Tidings cannot use: ${error instanceof Error ? error.message : String(error)}`);
}

function rateLimitMessage(host: string, wait: number | null): string {
  return `${host} is rate-limiting requests (HTTP 429)${wait === null ? "" : `; it asks to wait ${formatSeconds(wait)}`}`;
}

// OpenAI sends {error: {message}}; Ollama and others {error: "text"}, which the SDK keeps as is.
function providerMessageOf(error: APIError): string | null {
  const body: unknown = error.error;
  const text = typeof body === "string" ? body : body !== null && typeof body === "object" && "message" in body ? String(body.message) : null;
  if (text === null || text.trim() === "") return null;
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function describeCause(cause: unknown): string {
  const code = connectionCode(cause);
  if (code !== "") return CONNECT_CODES[code] ?? code;
  return cause instanceof Error ? cause.message : "connection error";
}

/** The first system or undici error code among `error` and its causes (AggregateErrors included). */
function connectionCode(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 5) return "";
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && code !== "") return code;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = connectionCode(inner, depth + 1);
      if (found !== "") return found;
    }
  }
  return connectionCode(error.cause, depth + 1);
}

function formatSeconds(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
