import type { PoolStats } from "../../db/client.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import type { MetricsConfig } from "./metrics.config.ts";
import { createMetricsRepo } from "./metrics.repo.ts";
import { createMetrics, type RefreshOutcomeLabel } from "./metrics-registry.ts";
import { metricsRoutes } from "./metrics.routes.ts";
import { observeRequests } from "./metrics-observer.ts";
import { listenForMetrics } from "./metrics-server.ts";

export interface MetricsPorts {
  platform: Pick<Platform, "db" | "clock" | "logger">;
  config: MetricsConfig;
  /** X-Forwarded-For and the like are believed (and judged) only behind a trusted proxy. */
  trustProxy: boolean;
  /** The PostgreSQL pool's clients (the database handle's). */
  poolStats?: (() => PoolStats) | undefined;
}

/**
 * Prometheus metrics (`/metrics`): the root hands `observeRequests` to the app (it times every
 * request), `onRefresh` to the feed engine, and `listen` to a worker with METRICS_PORT. With
 * METRICS=false all of them are absent and `/metrics` is a 404.
 */
export function createMetricsModule(ports: MetricsPorts) {
  const { db, clock, logger } = ports.platform;
  const { config, trustProxy } = ports;
  const repo = createMetricsRepo(db);
  const metrics = config.enabled ? createMetrics({ logger, queueDepths: () => repo.queueDepths(clock.now()), poolStats: ports.poolStats }) : null;
  const access = { token: config.token, trustProxy };
  return {
    /** The request timer for the app's first middleware; undefined when metrics are off. */
    observeRequests: metrics ? observeRequests(metrics) : undefined,
    /** The feed engine's port: one refresh's outcome and milliseconds. */
    onRefresh: metrics ? (outcome: RefreshOutcomeLabel, ms: number) => metrics.refresh(outcome, ms / 1000) : undefined,
    /** Serves `/metrics` on a port of its own (the worker's METRICS_PORT); null when metrics are off. */
    listen: (port: number, host: string) => (metrics ? listenForMetrics(metrics, { port, host, ...access }) : Promise.resolve(null)),
    site: () => metricsRoutes({ metrics, ...access }),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type MetricsModule = ReturnType<typeof createMetricsModule>;
