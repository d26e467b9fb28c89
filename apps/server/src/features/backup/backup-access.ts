import { timingSafeEqual, createHash } from "node:crypto";
import ipaddr from "ipaddr.js";

/**
 * Whether a request carries the running server's own secret (DATA_DIR/postgres.lock) from this machine:
 * the CLI asking for a backup. Only over a loopback socket, with nothing forwarded (a proxy on the
 * same machine makes every visitor a loopback connection).
 */
export function isLocalOperator(request: { socketAddress: string | undefined; header(name: string): string | undefined }, token: string | null): boolean {
  if (!token) return false;
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.header("authorization") ?? "")?.[1];
  if (presented === undefined) return false;
  if (["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => request.header(name) !== undefined)) return false;
  if (!request.socketAddress || !isLoopback(request.socketAddress)) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === "loopback";
}
