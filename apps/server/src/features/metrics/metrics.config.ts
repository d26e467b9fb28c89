import { z } from "zod";
import { bool, type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const metricsEnv = {
  METRICS: bool("METRICS", true),
  METRICS_TOKEN: z.string().optional(),
  METRICS_PORT: integer("METRICS_PORT", 0, 0, 65535),
} satisfies EnvShape;

/**
 * Prometheus metrics at `/metrics`: on unless METRICS=false (then `/metrics` is a 404). Answered
 * to loopback and private-network addresses (a Prometheus beside the server), and to anyone
 * sending `Authorization: Bearer <METRICS_TOKEN>` when a token is set. `port`: where `npm run
 * worker`, which serves no HTTP otherwise, serves them (METRICS_PORT; null: it does not).
 */
export interface MetricsConfig {
  readonly enabled: boolean;
  readonly token: string | null;
  readonly port: number | null;
}

export function metricsConfig(e: EnvOf<typeof metricsEnv>, problems: string[]): MetricsConfig {
  const token = e.METRICS_TOKEN?.trim() || null;
  if (token !== null && token.length < 16) problems.push("METRICS_TOKEN must be at least 16 characters long");
  return Object.freeze({ enabled: e.METRICS, token, port: e.METRICS_PORT || null });
}
