import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Env } from "hono";
import { clientAddress } from "./client-ip.ts";

/** The address a request came from: the socket's, or the proxy's forwarded one when trusted. */
export function requestAddress<E extends Env>(c: Context<E>, trustProxy: boolean): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    socketAddress = undefined; // in-process requests (tests) have no socket
  }
  return clientAddress(c.req.raw.headers, socketAddress, trustProxy);
}
