import { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { isRsshubUrl } from "../rsshub/rsshub-routing.ts";
import { refusalError } from "../../lib/http/index.ts";
import type { ModuleContext } from "../module.ts";
import { createFeedClaimRepo } from "./feed-claim.repo.ts";
import { createFeedClaimService } from "./feed-claim.service.ts";
import { createFeedInfoRepo } from "./feed-info.repo.ts";
import { feedInfoRoutes } from "./feed-info.routes.ts";
import { createFeedInfoService } from "./feed-info.service.ts";

/** GET /feeds and /feeds/claim. */
export function feedInfoModule(context: ModuleContext) {
  const { deps, requireUser } = context;
  const findFeed = (feedId: string) => deps.feedsRepo.findById(feedId);
  const info = createFeedInfoService({ repo: createFeedInfoRepo(deps.db), findFeed, resolveFeed: (url, userId) => deps.feeds.resolveFeed(url, userId),
    ...(deps.power.enabled ? { boosts: (feedIds: string[]) => deps.power.boosts.levels(feedIds) } : {}),
  });
  const claims = createFeedClaimService({
    repo: createFeedClaimRepo(deps.db),
    findFeed,
    // An rsshub:// route is read from the default instance, the administrator's configuration.
    clientFor: (user, feedUrl) => (isRsshubUrl(feedUrl) ? deps.network.privateHttp : deps.network.clientFor(user)),
    refused: (error, user) => refusalError(error, { policy: deps.network, who: user }),
    rsshubUrl: deps.config.fetch.rsshubUrl,
    ...(deps.power.enabled ? { tipsWaiting: (feedIds: string[]) => deps.power.ledger.feedBalances(feedIds) } : {}),
    secret: deps.secret,
    clock: deps.clock,
  });
  return new Hono<AppEnv>().route("/", feedInfoRoutes({ info, claims, requireUser }));
}
