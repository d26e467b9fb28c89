import { ErrorCode, type FeedSummary } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import { decodeDocument } from "../../content/decode/decode.ts";
import { describeFetchError, describeStatus } from "../../content/fetch-errors.ts";
import { resolveFetchUrl } from "../../content/feed-url.ts";
import { FeedParseError, parseFeedDocument } from "../../content/parse/parse-feed.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import { FetchError, type HttpClient } from "../../lib/http/index.ts";
import { claimCode, claimMessage, findClaimCode, type ClaimDocument, type ClaimMessage } from "./feed-claim.proof.ts";
import type { FeedClaimRepo } from "./feed-claim.repo.ts";
import type { FeedRow } from "./feeds.repo.ts";
import { presentFeed } from "./feed.presenter.ts";

export interface FeedClaimDeps {
  repo: FeedClaimRepo;
  /** The feed with that id, or null. */
  findFeed: (feedId: string) => Promise<FeedRow | null>;
  /** The client that reads a feed for a claimant: the private-network policy's for them (the instance's own for `rsshub://` routes). */
  clientFor: (user: RequestUser, feedUrl: string) => HttpClient;
  /** The policy's one answer (16000) to an address it refused for the claimant. */
  refused: (error: FetchError, user: RequestUser) => AppError;
  rsshubUrl: string;
  /** POWER tips waiting in the feeds' accounts; absent without POWER. */
  tipsWaiting?: (feedIds: string[]) => Promise<Map<string, bigint>>;
  /** The instance secret; claim codes are HMACs of it. */
  secret: string;
  clock: Clock;
}

/** One line of GET /feeds/claim/list. */
export interface ClaimedFeed {
  feed: FeedSummary;
  subscriptionCount: number;
  /** POWER tips waiting for the owner to collect them, in 10^-18 units ("0" without POWER). */
  tipAmount: string;
}

const challengeFailed = (reason: string) => new AppError(ErrorCode.OwnershipChallengeFailed, { reason });

/** Fetches the feed as it is now (no validators: a 304 would tell nothing) and reads it. */
async function readLiveFeed(http: HttpClient, url: string, refused: (error: FetchError) => AppError): Promise<ClaimDocument> {
  let response;
  try {
    response = await http.request({ url });
  } catch (error) {
    if (error instanceof FetchError && error.kind === "private-address") throw refused(error);
    if (error instanceof FetchError) throw challengeFailed(describeFetchError(error));
    throw error;
  }
  if (response.status < 200 || response.status >= 300) throw challengeFailed(describeStatus(response.status));
  const text = decodeDocument(response.body, response.headers["content-type"]).text;
  try {
    const parsed = parseFeedDocument(text, response.url);
    return { text, description: parsed.description, generator: parsed.generator, entries: parsed.entries };
  } catch (error) {
    if (error instanceof FeedParseError) throw challengeFailed(`The feed could not be read: ${error.message}`);
    throw error;
  }
}

/** Feed claims: prove you publish a feed by putting a code in it, and become its owner. */
export function createFeedClaimService(deps: FeedClaimDeps) {
  const { repo } = deps;

  async function feedOr404(feedId: string): Promise<FeedRow> {
    const feed = await deps.findFeed(feedId);
    if (!feed) throw new AppError(ErrorCode.FeedNotFound);
    return feed;
  }

  return {
    /** GET /feeds/claim/message: where to put the caller's code for this feed. */
    async message(user: RequestUser, feedId: string): Promise<ClaimMessage> {
      const feed = await feedOr404(feedId);
      return claimMessage(claimCode(deps.secret, user.id, feed.id), feed.id);
    },

    /** POST /feeds/claim/challenge: reads the live feed and, when the code is in it, makes the caller its owner. */
    async challenge(user: RequestUser, feedId: string): Promise<void> {
      const feed = await feedOr404(feedId);
      if (feed.ownerUserId === user.id) return;
      if (feed.ownerUserId) throw new AppError(ErrorCode.AlreadyClaimed);
      const document = await readLiveFeed(deps.clientFor(user, feed.url), resolveFetchUrl(feed.url, deps.rsshubUrl), (error) => deps.refused(error, user));
      const code = claimCode(deps.secret, user.id, feed.id);
      if (!findClaimCode(document, code)) {
        throw challengeFailed(`The code ${code} was not found in the feed's description, its generator or any of its ${document.entries.length} items`);
      }
      // Someone may have claimed it while the feed was being fetched.
      if (!(await repo.setOwner(feed.id, user.id, deps.clock.now()))) throw new AppError(ErrorCode.AlreadyClaimed);
    },

    /** GET /feeds/claim/list: the caller's feeds. */
    async list(user: RequestUser): Promise<ClaimedFeed[]> {
      const owned = await repo.ownedBy(user.id);
      const waiting = (await deps.tipsWaiting?.(owned.map((row) => row.feed.id))) ?? new Map<string, bigint>();
      return owned.map((row) => ({ feed: presentFeed(row.feed), subscriptionCount: row.subscriptionCount, tipAmount: (waiting.get(row.feed.id) ?? 0n).toString() }));
    },
  };
}

export type FeedClaimService = ReturnType<typeof createFeedClaimService>;
