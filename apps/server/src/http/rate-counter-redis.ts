import { createClient } from "@redis/client";
import type { Logger } from "../lib/logger.ts";
import type { RateCounter } from "../lib/rate-limit.ts";

/** How long a connection to Redis is waited for: at start-up by the first events, and on each reconnection. */
const CONNECT_TIMEOUT_MS = 1000;
/** How long one count may take before it is given up (and the event let through). */
const COMMAND_TIMEOUT_MS = 1000;
/** Reconnection attempts back off up to this. */
const MAX_RECONNECT_DELAY_MS = 5000;
/** A failing connection is reported at most once per this interval. */
const REPORT_EVERY_MS = 60_000;

/**
 * INCR, with the window's expiry set by the event that opens it (and again if it was lost), then
 * what is left of the window: `[count, milliseconds left]`, in one round trip and atomically.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if count == 1 or left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {count, left}
`;

/**
 * A {@link RateCounter} in Redis (REDIS_URL), shared by every process that uses it: one key per
 * counted key and window length, which expires with its window (so a window starts with the
 * key's first event). The connection is opened in the background: start-up never waits for it,
 * the first events wait for it at most {@link CONNECT_TIMEOUT_MS} (not at all when it is refused), and while Redis is away each count
 * fails at once (the limit then lets events through) and the client keeps reconnecting.
 */
export function createRedisRateCounter(options: { url: string; keyPrefix: string; logger: Logger }): RateCounter {
  const { logger } = options;
  const client = createClient({
    url: options.url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) },
  });
  let lastReport = -Infinity;
  let failedOnce: (failed: false) => void = () => {};
  client.on("error", (error: unknown) => {
    failedOnce(false);
    const now = Date.now();
    if (now - lastReport < REPORT_EVERY_MS) return;
    lastReport = now;
    logger.warn({ err: error }, "Redis unreachable: rate limits let requests through until it answers");
  });
  client.on("ready", () => {
    if (lastReport > -Infinity) logger.info("Redis reachable again: rate limits count");
    lastReport = -Infinity;
  });
  let closed = false;
  const connected = client.connect().then(
    () => true,
    () => false,
  );
  // Settled by the first connection, its first failure (a refused connection: at once) or the timeout.
  const firstConnection = Promise.race([
    connected,
    new Promise<false>((resolve) => (failedOnce = resolve)),
    new Promise<false>((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS, false).unref()),
  ]);

  return {
    async hit(key, limit, windowMs) {
      if (!client.isReady && !(await firstConnection)) throw new Error("Redis is not connected");
      const counted = client.eval(HIT_SCRIPT, { keys: [`${options.keyPrefix}rl:${windowMs}:${key}`], arguments: [String(windowMs)] });
      const reply = (await withTimeout(counted, COMMAND_TIMEOUT_MS)) as [number, number];
      const [count, left] = reply;
      if (count <= limit) return 0;
      return Math.max(1, Math.ceil(left / 1000));
    },
    async close() {
      if (closed) return;
      closed = true;
      // Connected: the counts under way finish first (for a command's time at most).
      if (client.isReady) await Promise.race([client.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, COMMAND_TIMEOUT_MS).unref())]);
      if (client.isOpen) client.destroy();
    },
  };
}

/** `work`'s outcome, or a rejection once `ms` have passed (the client's own command timeout does not cover a server that stalls). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
