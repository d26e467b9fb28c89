import type { FetchError } from "../lib/http/index.ts";

/** A feed error a reader can act on, in plain words. */
export function describeFetchError(error: FetchError): string {
  switch (error.kind) {
    case "invalid-url":
      return "The feed address is not a valid URL";
    case "unsupported-protocol":
      return "Only http and https feeds can be fetched";
    case "private-address":
      return error.refusal?.scope === "never"
        ? "The feed's address is a link-local, metadata or reserved one, which this server never fetches"
        : "The feed's address points into a private network, which this server fetches only for the readers it allows there (PRIVATE_NETWORKS_FOR)";
    case "dns":
      return "The feed's host name could not be found";
    case "connect-timeout":
      return "The feed's server did not accept a connection in time";
    case "timeout":
      return "The feed's server took too long to answer";
    case "too-large":
      return "The feed is larger than the size limit";
    case "too-many-redirects":
      return "The feed redirects too many times";
    case "redirect-loop":
      return "The feed redirects in a loop";
    case "tls":
      return "The feed's server has an invalid TLS certificate";
    case "aborted":
      return "The fetch was cancelled";
    default:
      return `The feed could not be fetched: ${error.message}`;
  }
}

/** A non-success HTTP status in plain words. */
export function describeStatus(status: number): string {
  if (status === 404) return "The feed was not found (HTTP 404)";
  if (status === 410) return "The feed is gone (HTTP 410)";
  if (status === 401 || status === 403) return `The feed's server refused access (HTTP ${status})`;
  if (status === 429) return "The feed's server asked us to slow down (HTTP 429)";
  if (status === 503) return "The feed's server is unavailable (HTTP 503)";
  if (status >= 500) return `The feed's server failed (HTTP ${status})`;
  return `Unexpected HTTP status ${status}`;
}
