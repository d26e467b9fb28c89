import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
// lib/http is the outbound client, infrastructure like this folder; the layering rule's
// "**/http/**" is aimed at the server's own HTTP layer (src/http), which this does not import.
/* eslint-disable no-restricted-imports -- see above */
import { type AddressPolicy, bareHost, isAcceptablePeer, pinnedLookup, refusedAddress, resolveTarget, systemResolver } from "../http/address-guard.ts";
import { type AddressScope, scopeWithShared } from "../http/address-scope.ts";
/* eslint-enable no-restricted-imports */
import type { Fetch } from "./call.ts";

/**
 * Which addresses a provider's connections may reach: "public" and "private-networks" as the
 * private-network policy's clients (lib/http), "any" for the instance's own provider, which its
 * administrator configured (AI_BASE_URL: Ollama on the same machine).
 */
export type ProviderReach = "public" | "private-networks" | "any";

/** The SDK options that route its requests through a guarded agent. */
export interface GuardedTransport {
  fetch: Fetch;
  fetchOptions: { dispatcher: Agent };
  /** Whether the last connection to `host` (host:port as the URL names it) reached this machine or its networks. */
  reachedPrivately(host: string): boolean;
}

// resolveTarget wants a signal; a lookup cannot be cancelled, and the connect timeout bounds it.
const NEVER = new AbortController().signal;
const policyOf = (reach: ProviderReach, scopeOf: (address: string) => AddressScope): AddressPolicy =>
  reach === "any" ? () => true : reach === "public" ? (address) => scopeOf(address) === "public" : (address) => scopeOf(address) !== "never";

const shared = new Map<string, GuardedTransport>();

/**
 * Fetch and dispatcher for providers of one reach: every connection goes only to addresses its
 * policy accepts, judged by lib/http's rules on the address actually connected to, so a name
 * that resolves (or later re-resolves) to a refused address never gets a socket. One agent per
 * reach (and list of shared private addresses, SHARED_PRIVATE_ADDRESSES) for all providers, so
 * their connections are pooled.
 */
export function guardedTransport(reach: ProviderReach, sharedAddresses: readonly string[] = []): GuardedTransport {
  const key = `${reach} ${sharedAddresses.join(",")}`;
  let transport = shared.get(key);
  if (transport === undefined) {
    const scopeOf = scopeWithShared(sharedAddresses);
    const privateHosts = new Set<string>();
    const dispatcher = new Agent({ connect: guardedConnector(policyOf(reach, scopeOf), scopeOf, privateHosts) });
    transport = { fetch: undiciFetch as unknown as Fetch, fetchOptions: { dispatcher }, reachedPrivately: (host) => privateHosts.has(host) };
    shared.set(key, transport);
  }
  return transport;
}

/**
 * undici's connector with three checks: IP literals (which Node connects to without any
 * lookup) against the policy, names through a lookup that resolves, checks every address and
 * answers with exactly those (resolveTarget + pinnedLookup), and the connected peer once more.
 * Each host's last peer is remembered as private or not, for what its errors may say.
 */
function guardedConnector(policy: AddressPolicy, scopeOf: (address: string) => AddressScope, privateHosts: Set<string>): buildConnector.connector {
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolveTarget(new URL(`http://${hostname}/`), systemResolver, policy, NEVER).then(
      (addresses) => pinnedLookup(addresses)(hostname, options, callback),
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
  const connect = buildConnector({ lookup });
  return (options, callback) => {
    const host = bareHost(options.hostname);
    const origin = `${options.protocol}//${options.hostname}${options.port ? `:${options.port}` : ""}`;
    if (isIP(host) !== 0 && !policy(host)) {
      process.nextTick(() => callback(refusedAddress(origin, host, host), null));
      return;
    }
    connect(options, (...result) => {
      const [error, socket] = result;
      if (error === null) {
        const peer = socket.remoteAddress;
        if (!isAcceptablePeer(peer, policy, null)) {
          socket.destroy();
          callback(refusedAddress(origin, host, peer ?? "an unknown address"), null);
          return;
        }
        const key = options.port ? `${options.hostname}:${options.port}` : options.hostname;
        if (peer === undefined || scopeOf(peer) !== "public") privateHosts.add(key);
        else privateHosts.delete(key);
      }
      callback(...result);
    });
  };
}
