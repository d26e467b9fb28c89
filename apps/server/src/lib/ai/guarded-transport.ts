import { isIP, type LookupFunction } from "node:net";
import { Agent, buildConnector, fetch as undiciFetch } from "undici";
// lib/http is the outbound client, infrastructure like this folder; the layering rule's
// "**/http/**" is aimed at the server's own HTTP layer (src/http), which this does not import.
/* eslint-disable no-restricted-imports -- see above */
import { bareHost, isAcceptablePeer, isPublicAddress, pinnedLookup, resolveTarget, systemResolver } from "../http/address-guard.ts";
import { FetchError } from "../http/errors.ts";
/* eslint-enable no-restricted-imports */
import type { Fetch } from "./call.ts";

/** The SDK options that route its requests through the guarded agent. */
export interface GuardedTransport {
  fetch: Fetch;
  fetchOptions: { dispatcher: Agent };
}

// resolveTarget wants a signal; a lookup cannot be cancelled, and the connect timeout bounds it.
const NEVER = new AbortController().signal;

let shared: GuardedTransport | null = null;

/**
 * Fetch and dispatcher for a provider whose base URL a user typed: every connection goes to a
 * public address only, judged by lib/http's rules on the address actually connected to, so a
 * name that resolves (or later re-resolves) to 127.0.0.1 or 10.x never gets a socket. One agent
 * for all such providers, so their connections are pooled.
 */
export function guardedTransport(): GuardedTransport {
  if (shared === null) {
    const dispatcher = new Agent({ connect: guardedConnector() });
    shared = { fetch: undiciFetch as unknown as Fetch, fetchOptions: { dispatcher } };
  }
  return shared;
}

/**
 * undici's connector with three checks: IP literals (which Node connects to without any
 * lookup) against the policy, names through a lookup that resolves, checks every address and
 * answers with exactly those (resolveTarget + pinnedLookup), and the connected peer once more.
 */
function guardedConnector(): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup });
  return (options, callback) => {
    const host = bareHost(options.hostname);
    if (isIP(host) !== 0 && !isPublicAddress(host)) {
      process.nextTick(() => callback(refusal(options, host), null));
      return;
    }
    connect(options, (...result) => {
      const [error, socket] = result;
      if (error === null && !isAcceptablePeer(socket.remoteAddress, isPublicAddress, null)) {
        socket.destroy();
        callback(refusal(options, socket.remoteAddress ?? "an unknown address"), null);
        return;
      }
      callback(...result);
    });
  };
}

const guardedLookup: LookupFunction = (hostname, options, callback) => {
  resolveTarget(new URL(`http://${hostname}/`), systemResolver, isPublicAddress, NEVER).then(
    (addresses) => pinnedLookup(addresses)(hostname, options, callback),
    (error: unknown) => callback(error as NodeJS.ErrnoException, "", 0),
  );
};

function refusal(options: buildConnector.Options, address: string): FetchError {
  const origin = `${options.protocol}//${options.hostname}${options.port ? `:${options.port}` : ""}`;
  return new FetchError("private-address", origin, `refused to connect to ${address}: not a public address`);
}
