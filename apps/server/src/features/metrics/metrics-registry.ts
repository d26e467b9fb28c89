import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import type { QueueDepths } from "./metrics.repo.ts";

/** How long a scrape's queue counts are reused: several Prometheus servers (or a reload) cost one set of queries. */
export const QUEUE_CACHE_MS = 5000;

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const REFRESH_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** What a refresh ended in, as the refresh counter labels it (`error_*`: the feed's failure, recorded on it). */
export type RefreshOutcomeLabel = "ok" | "not_modified" | "error_fetch" | "error_http" | "error_parse" | "error_crash";

let processRegistry: Registry | null = null;

/**
 * The process's own metrics (CPU, memory, heap, event-loop lag, GC, handles), once per process
 * however many roots it builds (tests build many): each collector watches the whole process.
 * Unprefixed, under the names every Node.js dashboard and alert already uses.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  logger: Logger;
  /** The queue counts (one round trip), asked at most every {@link QUEUE_CACHE_MS}. */
  queueDepths: () => Promise<QueueDepths>;
  /** The PostgreSQL pool's clients; absent where none is given (tests). */
  poolStats?: (() => PoolStats) | undefined;
}

/**
 * The server's metrics, in a registry of their own (one per composition root), served with the
 * process's: HTTP requests by route pattern, feed refreshes by outcome, queue depths counted at
 * scrape time, and the database pool.
 */
export function createMetrics(deps: MetricsDeps) {
  const registry = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({ name: "tidings_http_requests_total", help: "HTTP requests answered, by method, route pattern and status class.", labelNames, registers: [registry] });
  const requestSeconds = new Histogram({ name: "tidings_http_request_duration_seconds", help: "Time to answer an HTTP request (to its headers, for streamed answers), by method, route pattern and status class.", labelNames, buckets: HTTP_BUCKETS, registers: [registry] });
  const refreshes = new Counter({ name: "tidings_feed_refreshes_total", help: "Feed refreshes, by outcome (ok, not_modified, error_fetch, error_http, error_parse, error_crash).", labelNames: ["outcome"], registers: [registry] });
  const refreshSeconds = new Histogram({ name: "tidings_feed_refresh_duration_seconds", help: "Time a feed refresh took (fetch, read, store), by outcome.", labelNames: ["outcome"], buckets: REFRESH_BUCKETS, registers: [registry] });

  let cached: { at: number; depths: Promise<QueueDepths | null> } | null = null;
  const depths = () => {
    const now = performance.now();
    if (!cached || now - cached.at > QUEUE_CACHE_MS) {
      const asked = deps.queueDepths().catch((error: unknown) => {
        deps.logger.warn({ err: error }, "metrics: queue depths could not be counted");
        return null;
      });
      cached = { at: now, depths: asked };
    }
    return cached.depths;
  };
  new Gauge({
    name: "tidings_queue_depth",
    help: "Work waiting, counted at scrape time up to 10001 (feeds_due: feeds due for a refresh; webhooks_pending: webhook deliveries to send; search_reindex: search documents to rewrite; search_index: stored entries waiting for their search documents; jobs_due: jobs of the durable queue due, e.g. push sends and daily reports).",
    labelNames: ["queue"],
    registers: [registry],
    async collect() {
      const counted = await depths();
      // No value rather than a stale one when the database did not answer.
      this.reset();
      if (!counted) return;
      this.set({ queue: "feeds_due" }, counted.feedsDue);
      this.set({ queue: "webhooks_pending" }, counted.webhooksPending);
      this.set({ queue: "search_reindex" }, counted.searchReindex);
      this.set({ queue: "search_index" }, counted.searchIndex);
      this.set({ queue: "jobs_due" }, counted.jobsDue);
    },
  });
  const poolStats = deps.poolStats;
  if (poolStats) {
    new Gauge({
      name: "tidings_db_pool_clients",
      help: "Database connections of this process: total (open), idle, and waiting (queries queued for a connection; on the embedded database, its one connection).",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }

  // One labelled pair per method, route and status class, found again without prom-client's label hashing.
  const series = new Map<string, { count: Counter.Internal; seconds: Histogram.Internal<string> }>();

  return {
    /** One answered request: `route` is the route pattern that answered (never the path). */
    request(method: string, route: string, status: number, seconds: number): void {
      const key = `${method} ${status} ${route}`;
      let pair = series.get(key);
      if (!pair) {
        const labels = [METHODS.has(method) ? method : "OTHER", route, `${Math.floor(status / 100)}xx`];
        pair = { count: requests.labels(...labels), seconds: requestSeconds.labels(...labels) };
        series.set(key, pair);
      }
      pair.count.inc();
      pair.seconds.observe(seconds);
    },
    refresh(outcome: RefreshOutcomeLabel, seconds: number): void {
      refreshes.inc({ outcome });
      refreshSeconds.observe({ outcome }, seconds);
    },
    contentType: registry.contentType,
    /** The exposition: the process's metrics, then the server's. */
    async scrape(): Promise<string> {
      const [process, own] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
      return process.endsWith("\n") ? process + own : `${process}\n${own}`;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
