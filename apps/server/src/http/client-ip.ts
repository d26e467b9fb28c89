/**
 * The header through which the server hands the client address to better-auth (for rate limits
 * and session records). Whatever a client sends under this name is replaced.
 */
export const CLIENT_IP_HEADER = "x-tidings-client-ip";

/**
 * The client address: the first X-Forwarded-For hop when the server sits behind a trusted
 * proxy, else the socket's remote address.
 */
export function clientAddress(headers: Headers, socketAddress: string | undefined, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}

/** A copy of `request` whose {@link CLIENT_IP_HEADER} carries `address`. */
export function withClientAddress(request: Request, address: string): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_IP_HEADER, address);
  return new Request(request, { headers });
}
