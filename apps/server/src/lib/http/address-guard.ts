import { promises as dns, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { addressScope } from "./address-scope.ts";
import { FetchError } from "./errors.ts";
import type { ResolvedAddress, Resolver } from "./types.ts";

/** Decides whether the client may connect to an address. */
export type AddressPolicy = (address: string) => boolean;

/** The system resolver (getaddrinfo, so /etc/hosts counts), every address, in its order. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, order: "verbatim" });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/**
 * The addresses a URL's host stands for, each one checked against `policy`. These, and only
 * these, are what the socket may connect to (see pinnedLookup): resolving once and connecting
 * to what was checked is what leaves no room for DNS rebinding.
 */
export async function resolveTarget(url: URL, resolve: Resolver, policy: AddressPolicy, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const host = bareHost(url.hostname);
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal === 4 || literal === 6) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await untilAborted(resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new FetchError("dns", url.href, `cannot resolve ${host}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (addresses.length === 0) throw new FetchError("dns", url.href, `${host} has no address`);
  }
  const refused = addresses.find((entry) => !policy(entry.address));
  if (refused !== undefined) throw refusedAddress(url.href, host, refused.address);
  return addresses;
}

/** The failure of a host or peer the policy refused, saying which kind of address it was. */
export function refusedAddress(url: string, host: string, address: string): FetchError {
  const what = host === address ? host : `${host} (${address})`;
  // A test's own policy may refuse a public address: it counts as a private one.
  const scope = addressScope(address) === "never" ? "never" : "private";
  const kind = scope === "never" ? "a link-local, metadata or reserved address" : "a private network address";
  return new FetchError("private-address", url, `refused to connect to ${what}: ${kind}`, { refusal: { host, address, scope } });
}

/**
 * A `lookup` for http.request that answers with the already-checked addresses, so Node never
 * resolves the name a second time (a second answer could point somewhere private).
 */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    const usable = family === 0 ? addresses : addresses.filter((entry) => entry.family === family);
    // Asynchronous like dns.lookup, which net's connect logic expects.
    process.nextTick(() => {
      const first = usable[0];
      if (first === undefined) {
        callback(Object.assign(new Error(`no IPv${family} address among the checked ones`), { code: "ENOTFOUND" }), "", 0);
      } else if (options.all) {
        callback(null, usable.map((entry): LookupAddress => ({ address: entry.address, family: entry.family })));
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

/**
 * Whether a connected socket's peer is acceptable: allowed by the policy and, for a socket
 * opened by this hop, one of the addresses the hop checked. Pooled sockets were checked by the
 * hop that opened them, so only the policy applies to them.
 */
export function isAcceptablePeer(remote: string | undefined, policy: AddressPolicy, checked: readonly ResolvedAddress[] | null): boolean {
  if (remote === undefined || !policy(remote)) return false;
  if (checked === null) return true;
  const peer = normalize(remote);
  return checked.some((entry) => normalize(entry.address) === peer);
}

/** A URL hostname without the brackets of an IPv6 literal. */
export function bareHost(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

function normalize(address: string): string {
  return ipaddr.isValid(address) ? ipaddr.process(address).toNormalizedString() : address;
}

/** Waits for `promise` but gives up with the signal's reason (DNS lookups cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}
