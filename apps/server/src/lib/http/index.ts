// The server's one outbound HTTP client (feeds, discovery, readability, images, webhooks).
// Everything else in this folder is its inside.
export { isPublicAddress } from "./address-guard.ts";
export { createLanHttpClient, isLanOrPublicAddress } from "./lan-policy.ts";
export { createHttpClient } from "./client.ts";
export { FetchError, type FetchErrorKind } from "./errors.ts";
export type { HttpClient, HttpClientOptions, HttpMethod, HttpRequest, HttpResponse, ResolvedAddress, Resolver } from "./types.ts";
