// Prometheus metrics: `/metrics` (HTTP, refreshes, queues, the database pool, the process).
export { createMetricsModule, type MetricsModule, type MetricsPorts } from "./metrics.module.ts";
export { type MetricsConfig, metricsConfig, metricsEnv } from "./metrics.config.ts";
