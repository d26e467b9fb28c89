import { randomBytes } from "node:crypto";
import { createApp } from "../../src/app.ts";
import { createRoot } from "../../src/root.ts";
import { requestThrough, type TestApp } from "./app.ts";

/** The Redis of the machine (and of CI) that tests with REDIS_URL count in. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** REDIS_URL and a key prefix of this test's own, so tests running at once never share counts. */
export function redisEnv(): Record<string, string> {
  return { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `tidings-test:${randomBytes(6).toString("hex")}:` };
}

/** Another server process over `t`'s database, with its configuration: its own root, its own counters in memory. */
export type Instance = Pick<TestApp, "request" | "close">;

/**
 * A second server over the database of `t`, built as a second process builds it: its own
 * composition root (caches, the rate counter and its connection), the same configuration and clock.
 */
export function secondInstance(t: TestApp): Instance {
  const root = createRoot({ config: t.deps.config, logger: t.deps.logger, database: t.database, authSecret: t.deps.secret, clock: t.deps.clock });
  const app = createApp(root);
  return {
    request: requestThrough(app),
    async close() {
      await root.feedReaders.close();
      root.network.close();
      await root.rateCounter.close();
    },
  };
}
