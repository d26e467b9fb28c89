import type { RequestUser } from "../../http/context.ts";
import type { Platform } from "../../platform.ts";
import { retryOnConflict } from "../../db/retry.ts";
import type { TimelineRepo } from "../../timeline/timeline.repo.ts";
import type { FeatureModule } from "../module.ts";
import { createFeverRepo } from "./fever.repo.ts";
import { feverRoutes } from "./fever.routes.ts";
import { createFeverService, type FeverStars } from "./fever.service.ts";

export interface FeverPorts {
  platform: Pick<Platform, "db" | "clock">;
  /** The reader a Fever `api_key` stands for (an app password's key), or null. */
  readerOfKey: (apiKey: string) => Promise<RequestUser | null>;
  /** Read state: every change goes through the timeline, which keeps unread counts. */
  timeline: Pick<TimelineRepo, "markRead" | "markUnread" | "markAll">;
  /** Starring and unstarring, as the collections feature does them. */
  stars: FeverStars;
  /** The web client's address (a list's Fever URL is its share page). */
  webUrl: string;
  /** What follows an inbox's handle in its e-mail address. */
  inboxEmailSuffix: string;
  /** Icons from the image cache (absent: inline icons only). */
  icon?: (url: string) => Promise<{ type: string; bytes: Buffer } | null>;
}

/** The Fever API (`/fever`, `/fever.php`) for reader apps signed in with an app password. */
export function createFeverModule(ports: FeverPorts) {
  const { db, clock } = ports.platform;
  const fever = createFeverService({
    repo: createFeverRepo(db),
    timeline: ports.timeline,
    stars: ports.stars,
    clock,
    retry: retryOnConflict,
    webUrl: ports.webUrl,
    inboxEmailSuffix: ports.inboxEmailSuffix,
    ...(ports.icon ? { icon: ports.icon } : {}),
  });
  return {
    routes: () => feverRoutes({ fever, readerOfKey: ports.readerOfKey }),
  } satisfies FeatureModule & Record<string, unknown>;
}
