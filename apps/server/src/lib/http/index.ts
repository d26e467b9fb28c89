// The server's outbound HTTP: the clients and the one private-network policy that picks them.
// Everything else in this folder is their inside.
export { addressScope, type AddressScope, isPublicAddress } from "./address-scope.ts";
export { createHttpClient } from "./client.ts";
export { type AddressRefusal, FetchError, type FetchErrorKind } from "./errors.ts";
export { createNetworkPolicy, isRefusal, type NetworkPolicy, PRIVATE_NETWORKS_FOR, type PrivateNetworksFor, type Voucher } from "./network-policy.ts";
export { answeringRefusals, assertReachable, refusalError } from "./refusal.ts";
export type { HttpClient, HttpClientOptions, HttpMethod, HttpRequest, HttpResponse, ResolvedAddress, Resolver } from "./types.ts";
