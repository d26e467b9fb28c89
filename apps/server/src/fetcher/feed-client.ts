import type { HttpClient, HttpRequest, HttpResponse } from "../lib/http/index.ts";
import { isRefusal, type NetworkPolicy } from "../lib/http/network-policy.ts";

/**
 * Fetches feeds under the private-network policy. A feed is shared by its readers, so its address
 * may be on a private network when one of them may use private networks: under
 * PRIVATE_NETWORKS_FOR=admins, an administrator follows it (or is about to: `forUserId`). The
 * public client tries first, and refuses a private address before connecting; only then is it
 * asked who follows the feed, so public feeds cost no query.
 */
export interface FeedClient {
  request(feed: { id: string | null }, request: HttpRequest, forUserId?: string): Promise<FeedResponse>;
  /** Public addresses only: for what a feed routed through RSSHub names (its site). */
  readonly publicHttp: HttpClient;
}

/** The answer, and the client that got it (what else the refresh fetches for the feed goes through it). */
export interface FeedResponse {
  response: HttpResponse;
  client: HttpClient;
}

export function createFeedClient(deps: { network: NetworkPolicy; followedByAdmin: (feedId: string) => Promise<boolean> }): FeedClient {
  const { network } = deps;

  async function mayUsePrivate(feedId: string | null, forUserId: string | undefined): Promise<boolean> {
    if (forUserId !== undefined && (await network.allowsUser(forUserId))) return true;
    return feedId !== null && network.privateNetworksFor === "admins" && deps.followedByAdmin(feedId);
  }

  return {
    publicHttp: network.publicHttp,
    async request(feed, request, forUserId) {
      if (network.privateNetworksFor === "everyone") return { response: await network.privateHttp.request(request), client: network.privateHttp };
      try {
        return { response: await network.publicHttp.request(request), client: network.publicHttp };
      } catch (error) {
        if (!isRefusal(error) || error.refusal?.scope !== "private" || network.privateNetworksFor === "none") throw error;
        if (!(await mayUsePrivate(feed.id, forUserId))) throw error;
        return { response: await network.privateHttp.request(request), client: network.privateHttp };
      }
    },
  };
}
