import { isIP } from "node:net";
import { bareHost, refusedAddress, systemResolver } from "./address-guard.ts";
import { scopeWithShared } from "./address-scope.ts";
import { createHttpClient } from "./client.ts";
import type { FetchError } from "./errors.ts";
import type { HttpClient, HttpClientOptions } from "./types.ts";

/** PRIVATE_NETWORKS_FOR: whose addresses may be on this machine or its networks. */
export const PRIVATE_NETWORKS_FOR = ["none", "admins", "everyone"] as const;
export type PrivateNetworksFor = (typeof PRIVATE_NETWORKS_FOR)[number];

/**
 * Who vouches for an address: the reader who handed it to the server (a feed they follow, their
 * integration, webhook, RSSHub instance or AI provider), or nobody (an anonymous visitor, a
 * picture on a public share page).
 */
export type Voucher = { readonly isAdmin: boolean } | null;

/**
 * The one private-network policy of the server. Every address a reader hands the server is
 * fetched through the client this policy picks for that reader, and checked by it before
 * anything else happens:
 * - public addresses are reached for anyone;
 * - this machine and its networks (loopback, RFC 1918, carrier-grade NAT, IPv6 unique-local)
 *   only for the readers PRIVATE_NETWORKS_FOR names: nobody, the instance's administrators
 *   (the default: their own services may sit on the LAN), or every reader;
 * - link-local, metadata, multicast and reserved addresses for nobody, ever.
 */
export interface NetworkPolicy {
  readonly privateNetworksFor: PrivateNetworksFor;
  /** Public addresses only: for what no reader vouches for. */
  readonly publicHttp: HttpClient;
  /**
   * Private networks too (never link-local or metadata): for the readers the policy allows, and
   * for addresses the instance's own configuration names (RSSHUB_URL), whatever the policy.
   */
  readonly privateHttp: HttpClient;
  /** May the addresses `who` hands the server be on private networks? */
  allows(who: Voucher): boolean;
  /** The client for an address `who` handed the server. */
  clientFor(who: Voucher): HttpClient;
  /** What a reader known by id vouches for (background work: deliveries, checks); asks the database only under "admins". */
  standing(userId: string): Promise<Voucher>;
  /** `allows` for a reader known by id. */
  allowsUser(userId: string): Promise<boolean>;
  /**
   * Resolves the URL's host and throws the refusal (a FetchError of kind "private-address")
   * when it stands for an address `who` may not use. Nothing connects. A host that does not
   * resolve, or a URL that is no http(s) one, passes: the fetch that follows says what is wrong.
   */
  check(url: string, who: Voucher): Promise<void>;
  /** Closes both clients (shutdown). */
  close(): void;
}

export interface NetworkPolicyOptions extends Omit<HttpClientOptions, "reach" | "isAddressAllowed" | "scopeOf"> {
  privateNetworksFor: PrivateNetworksFor;
  /** SHARED_PRIVATE_ADDRESSES: CIDR ranges on private networks every reader may reach, as if public. */
  sharedAddresses?: readonly string[];
  /** Whether an account is an administrator (false for an unknown one). */
  isAdmin: (userId: string) => Promise<boolean>;
}

export function createNetworkPolicy(options: NetworkPolicyOptions): NetworkPolicy {
  const { privateNetworksFor, isAdmin, sharedAddresses, ...clientOptions } = options;
  const resolve = clientOptions.resolve ?? systemResolver;
  const scopeOf = scopeWithShared(sharedAddresses ?? []);
  const publicHttp = createHttpClient({ ...clientOptions, scopeOf, reach: "public" });
  const privateHttp = createHttpClient({ ...clientOptions, scopeOf, reach: "private-networks" });

  const allows = (who: Voucher) => (privateNetworksFor === "everyone" ? who !== null : privateNetworksFor === "admins" ? who?.isAdmin === true : false);

  return {
    privateNetworksFor,
    publicHttp,
    privateHttp,
    allows,
    clientFor: (who) => (allows(who) ? privateHttp : publicHttp),
    async standing(userId) {
      return { isAdmin: privateNetworksFor === "admins" ? await isAdmin(userId) : false };
    },
    async allowsUser(userId) {
      if (privateNetworksFor !== "admins") return privateNetworksFor === "everyone";
      return isAdmin(userId);
    },
    async check(url, who) {
      const parsed = URL.parse(url);
      if (parsed === null || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) return;
      const host = bareHost(parsed.hostname);
      let addresses: string[];
      if (isIP(host) !== 0) {
        addresses = [host];
      } else {
        try {
          addresses = (await resolve(host)).map((entry) => entry.address);
        } catch {
          return;
        }
      }
      const mayUsePrivate = allows(who);
      for (const address of addresses) {
        const scope = scopeOf(address);
        if (scope === "never" || (scope === "private" && !mayUsePrivate)) throw refusedAddress(parsed.href, host, address);
      }
    },
    close() {
      publicHttp.close();
      privateHttp.close();
    },
  };
}

/** True for the failure of an address the policy refused. */
export function isRefusal(error: unknown): error is FetchError & { kind: "private-address" } {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "FetchError" && (error as FetchError).kind === "private-address";
}
