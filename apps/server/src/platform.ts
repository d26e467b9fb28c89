import type { IdGenerator } from "@tidings/contracts";
import type { Database } from "./db/client.ts";
import type { Clock } from "./lib/clock.ts";
import type { NetworkPolicy } from "./lib/http/index.ts";
import type { Logger } from "./lib/logger.ts";

/**
 * What every feature is built on: the shared parts with no feature in them, which the
 * composition root (root.ts) makes first and hands to each feature's `create…Module`.
 */
export interface Platform {
  db: Database;
  ids: IdGenerator;
  clock: Clock;
  logger: Logger;
  /** The instance secret (signs sessions); derive other keys from it with an HMAC and a label. */
  secret: string;
  /** The private-network policy: every address a reader hands the server goes through it. */
  network: NetworkPolicy;
}
