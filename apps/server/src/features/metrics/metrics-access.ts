import { createHash, timingSafeEqual } from "node:crypto";
import { addressScope } from "../../lib/http/index.ts";

/** What a metrics request is judged by: where its connection came from and its headers. */
export interface MetricsRequest {
  /** The socket's remote address; undefined when there is none (in-process requests). */
  socketAddress: string | undefined;
  header(name: string): string | undefined;
}

export type MetricsAccess = "allowed" | "no-token" | "refused";

const FORWARDED_FOR = /for="?\[?([^\]";,]+)/gi;

/**
 * Who may read `/metrics`. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>`,
 * from anywhere, and nobody else. Without: connections from loopback and private networks (a
 * Prometheus beside the server). A request that came through a proxy is judged by every address
 * it names (X-Forwarded-For hops, Forwarded, X-Real-IP) as well as the socket's, and only when the
 * proxy is trusted (TRUST_PROXY): a public site's proxy on the same machine makes every visitor a
 * loopback connection, and a visitor can prepend any private address to X-Forwarded-For, but not
 * keep the proxy from appending theirs.
 */
export function metricsAccess(request: MetricsRequest, options: { token: string | null; trustProxy: boolean }): MetricsAccess {
  if (options.token !== null) {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.header("authorization") ?? "")?.[1];
    return presented !== undefined && sameSecret(presented, options.token) ? "allowed" : "no-token";
  }
  const forwarded = [
    ...(request.header("x-forwarded-for")?.split(",") ?? []),
    ...[...(request.header("forwarded") ?? "").matchAll(FORWARDED_FOR)].map((match) => match[1]!),
    ...(request.header("x-real-ip") !== undefined ? [request.header("x-real-ip")!] : []),
  ].map((address) => address.trim());
  if (forwarded.length > 0 && !options.trustProxy) return "refused";
  const addresses = [request.socketAddress ?? "", ...forwarded];
  return addresses.every((address) => addressScope(address) === "private") ? "allowed" : "refused";
}

/** Compares in constant time (over digests, so that lengths leak nothing either). */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
