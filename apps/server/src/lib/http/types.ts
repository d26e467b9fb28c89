/** One address a hostname resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to every address it has (the client checks all of them). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** How the server's HTTP clients behave; every field but the first has a default. */
export interface HttpClientOptions {
  /** Sent on every request, e.g. "Tidings/0.5.0 (+https://github.com/tidings-reader/tidings)". */
  userAgent: string;
  /**
   * The addresses it connects to: "public" (the default) only globally routable ones;
   * "private-networks" this machine's and its networks' too (address-scope.ts), for readers the
   * private-network policy allows. Neither ever reaches link-local, metadata or reserved ones.
   */
  reach?: "public" | "private-networks";
  /** TCP connect of one socket; default 10 000 ms. */
  connectTimeoutMs?: number;
  /** Whole request incl. DNS, redirects and body; default 30 000 ms. A stalling server fails with kind "timeout". */
  totalTimeoutMs?: number;
  /** Cap on the decompressed body (and on the compressed bytes); default 10 MiB. */
  maxBytes?: number;
  /** Redirects followed before "too-many-redirects"; default 5. */
  maxRedirects?: number;
  /** For tests: replaces DNS resolution. */
  resolve?: Resolver;
  /**
   * For tests: where an address leads (default: addressScope), e.g. 127.0.0.1 standing in for a
   * public host. Both the address test of `reach` and `privateNetwork` follow it.
   */
  scopeOf?: (address: string) => "public" | "private" | "never";
  /** For tests: replaces the address test that `reach` picks. */
  isAddressAllowed?: (address: string) => boolean;
}

/** The methods the server needs: fetching, probing and webhooks. */
export type HttpMethod = "GET" | "HEAD" | "POST";

/** One outbound request. */
export interface HttpRequest {
  url: string;
  /** Default GET. */
  method?: HttpMethod;
  /** Added to (and overriding) the client's defaults; names are case-insensitive. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Conditional GET validators. */
  etag?: string | null;
  lastModified?: string | null;
  /** Overrides the client's cap for this request. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Any HTTP answer, whatever its status. */
export interface HttpResponse {
  status: number;
  /** Lower-case header names; repeated headers joined with ", " (set-cookie with "\n": cookies contain commas). */
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
  /**
   * Some hop of the chain was answered from this machine or its networks: what such a service
   * says is never passed on to a reader beyond its status (the private-network policy).
   */
  privateNetwork: boolean;
  /** Each redirect followed: status and the URL it pointed to. */
  redirects: { status: number; location: string }[];
  /** When every redirect of the chain was permanent (301/308), the final URL; else null. Callers use it to update a stored feed URL. */
  permanentUrl: string | null;
}

/** The server's outbound HTTP client: one per process, shared by every feature. */
export interface HttpClient {
  /** Resolves with any HTTP response; rejects only with FetchError. */
  request(request: HttpRequest): Promise<HttpResponse>;
  /** Aborts requests in flight and destroys pooled connections; later requests fail as "aborted". */
  close(): void;
}

/** One request on the wire: a redirect produces the next one from the previous. */
export interface Hop {
  url: URL;
  method: HttpMethod;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | null;
}
