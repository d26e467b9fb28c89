import type { Hono } from "hono";
import type { AppEnv } from "../../http/context.ts";
import { discoverFeeds } from "../../fetcher/discover/discover.ts";
import { answeringRefusals } from "../../lib/http/index.ts";
import type { ModuleContext } from "../module.ts";
import { discoverRoutes } from "./discover.routes.ts";
import { createDiscoverRepo } from "./discover.repo.ts";
import { createDiscoverService } from "./discover.service.ts";
import { createTrendingRepo } from "./trending.repo.ts";
import { createTrendingService } from "./trending.service.ts";

/** /discover (search for feeds and lists, RSSHub routes) and /trending. */
export function discoverModule(context: ModuleContext): Hono<AppEnv> {
  const { deps } = context;
  const { router } = deps.rsshub;
  const { network } = deps;
  const discoverRepo = createDiscoverRepo(deps.db);
  const discover = createDiscoverService({
    repo: discoverRepo,
    // The address the reader typed passes the private-network policy before anything is fetched.
    discover: async (url, forUserId) => {
      const who = await network.standing(forUserId);
      const fetchRoute = async (route: string) => (await router.fetch(route, { feedId: null, forUserId })).response;
      return answeringRefusals(network, who, async () => {
        await network.check(url, who);
        return discoverFeeds({ http: network.clientFor(who), rsshub: fetchRoute }, url);
      });
    },
    // A candidate becomes a stored feed, fetched once now so that its previews (and a follow) have entries.
    store: async (candidate, forUserId) => {
      const known = await deps.feedsRepo.findByUrl(candidate.url);
      if (known) return known;
      const { url, title, siteUrl, description, image } = candidate;
      const feed = await deps.feedsRepo.insertOrGet({ id: deps.ids.next(), url, title, siteUrl, description, image });
      if (!feed.checkedAt) await deps.refreshFeed(feed, { forUserId });
      return (await deps.feedsRepo.findById(feed.id)) ?? feed;
    },
  });
  const trending = createTrendingService({
    repo: createTrendingRepo(deps.db),
    discoverRepo,
    clock: deps.clock,
    ...(deps.power.enabled ? { boosts: (feedIds: string[]) => deps.power.boosts.levels(feedIds) } : {}),
  });
  return discoverRoutes({ discover, rsshub: deps.rsshub, trending, requireUser: context.requireUser });
}
