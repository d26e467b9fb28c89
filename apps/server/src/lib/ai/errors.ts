// Loads nothing of the SDK: callers that only catch or make these errors keep it off the start-up path.

/** Why a call to an AI provider failed, in terms a caller can act on. */
export type AiProviderErrorKind = "refused" | "unauthorized" | "rate-limited" | "unavailable" | "timeout" | "bad-response";

/**
 * The only error an AiProvider throws (a caller's own abort aside, which rethrows its reason).
 * `kind` is stable and decides what to do (retry later, fix the settings, give up); `message`
 * is for people: it names the provider's host, never the API key.
 */
export class AiProviderError extends Error {
  readonly kind: AiProviderErrorKind;
  /** The provider's HTTP status, when it answered with one. */
  readonly status: number | null;
  /** How long a rate-limited provider asked to wait, when it said. */
  readonly retryAfterMs: number | null;
  /** The provider's own explanation (e.g. "model 'x' not found"), when it gave one and is on a public address. */
  readonly providerMessage: string | null;
  /** The private-network policy refused the provider's address (kind "refused"): nothing was sent. */
  readonly addressRefused: boolean;

  constructor(
    kind: AiProviderErrorKind,
    message: string,
    details: { status?: number | null; retryAfterMs?: number | null; providerMessage?: string | null; addressRefused?: boolean; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "AiProviderError";
    this.kind = kind;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.providerMessage = details.providerMessage ?? null;
    this.addressRefused = details.addressRefused ?? false;
  }
}

/** What a failure is reported against. */
export interface FailureContext {
  /** The provider's host (and port), as named in messages. */
  host: string;
  timeoutMs: number;
  /** Blanked out of every message, should a provider echo it. */
  apiKey: string | null;
  /** The provider answered from this machine or its networks: its own words are not passed on. */
  reachedPrivately?: () => boolean;
}

/** True when the guarded transport refused a private address somewhere in `error`'s causes. */
export function isPrivateAddressRefusal(error: unknown): boolean {
  return privateAddressRefusal(error) !== null;
}

/** The refusal among `error` and its causes, if any. */
export function privateAddressRefusal(error: unknown): Error | null {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if ((at as { kind?: unknown }).kind === "private-address") return at;
  }
  return null;
}
