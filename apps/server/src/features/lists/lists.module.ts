import type { FeedSummary, TimelineItem } from "@tidings/contracts";
import type { RequestUser } from "../../http/context.ts";
import { assertReachable } from "../../lib/http/index.ts";
import type { Platform } from "../../platform.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { FeatureModule } from "../module.ts";
import { createListsRepo } from "./lists.repo.ts";
import { listRoutes } from "./lists.routes.ts";
import { createListsService } from "./lists.service.ts";

export interface ListsPorts {
  platform: Platform;
  timeline: Pick<TimelineRepo, "addListFeedEntries" | "removeListFeedEntries">;
  /** Lists one account may own. */
  maxLists: number;
  /** The feeds with these ids that exist, as the API shows them. */
  feedsByIds: (ids: string[]) => Promise<FeedSummary[]>;
  /** The newest entries of a list as the caller sees them. */
  recentEntries: (user: RequestUser, listId: string, limit: number) => Promise<TimelineItem[]>;
}

/** Lists (`/lists…`): curated collections of feeds that anyone may read and follow, edited by their owner. */
export function createListsModule(ports: ListsPorts) {
  const { db, ids, clock, network } = ports.platform;
  const repo = createListsRepo(db);
  const lists = createListsService({
    transaction: (work) => db.transaction(work),
    repo,
    timeline: ports.timeline,
    ids,
    clock,
    maxLists: ports.maxLists,
    feedsByIds: ports.feedsByIds,
    recentEntries: ports.recentEntries,
    checkAddress: (user, url) => assertReachable(network, url, user),
  });
  return {
    lists,
    /** A list by id, or null. */
    findList: (listId: string) => repo.findById(listId),
    routes: ({ requireUser }) => listRoutes({ lists, requireUser }),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type ListsModule = ReturnType<typeof createListsModule>;
