/**
 * Why an outbound fetch failed at the transport level. An HTTP status, even 4xx/5xx, is never
 * one of these: it is a response.
 */
export type FetchErrorKind =
  | "invalid-url"
  | "unsupported-protocol"
  | "private-address"
  | "dns"
  | "connect-timeout"
  | "timeout"
  | "too-large"
  | "too-many-redirects"
  | "redirect-loop"
  | "tls"
  | "network"
  | "aborted";

/** The address a "private-address" failure refused, and why (see address-scope.ts). */
export interface AddressRefusal {
  /** The host as the URL named it. */
  host: string;
  /** The address it stood for (the host itself for an IP literal). */
  address: string;
  /** "private": allowed for some readers, not this one; "never": reached for no one. */
  scope: "private" | "never";
}

/** The only error the HTTP client throws; `kind` is stable, `message` is for people. */
export class FetchError extends Error {
  readonly kind: FetchErrorKind;
  /** The URL being fetched when it failed (the redirect hop, not always the first URL). */
  readonly url: string;
  /** Set for kind "private-address". */
  readonly refusal: AddressRefusal | undefined;

  constructor(kind: FetchErrorKind, url: string, message: string, options: { cause?: unknown; refusal?: AddressRefusal } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "FetchError";
    this.kind = kind;
    this.url = url;
    this.refusal = options.refusal;
  }
}

// Certificate and handshake failures: OpenSSL reports them under several code families.
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|INVALID_CA|EPROTO$)/;

/** The `code` of a Node system or library error, or "" when there is none. */
export function errorCode(error: unknown): string {
  if (typeof error !== "object" || error === null || !("code" in error)) return "";
  return typeof error.code === "string" ? error.code : "";
}

/**
 * Turns whatever a hop threw into a FetchError for `url`. When the request's own signal fired,
 * its reason (timeout, caller abort, client closed) wins over the socket error it caused.
 */
export function toFetchError(error: unknown, url: string, signal?: AbortSignal): FetchError {
  if (signal?.aborted && signal.reason instanceof FetchError) return atUrl(signal.reason, url);
  if (error instanceof FetchError) return error;
  const code = errorCode(error);
  const detail = error instanceof Error ? error.message : String(error);
  if (TLS_CODE.test(code)) return new FetchError("tls", url, `TLS failure: ${detail}`, { cause: error });
  return new FetchError("network", url, code ? `${code}: ${detail}` : detail, { cause: error });
}

/** The same failure, reported against the hop that was in flight. */
function atUrl(error: FetchError, url: string): FetchError {
  return error.url === url ? error : new FetchError(error.kind, url, error.message, { cause: error.cause, refusal: error.refusal });
}
