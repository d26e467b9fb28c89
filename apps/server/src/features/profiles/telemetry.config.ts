import { z } from "zod";
import { type EnvOf, type EnvShape, url } from "../../config/parsers.ts";

export const telemetryEnv = {
  ANALYTICS_HOST: url("ANALYTICS_HOST", ["http:", "https:"]).optional(),
  ANALYTICS_KEY: z.string().optional(),
  ERROR_REPORTING_DSN: url("ERROR_REPORTING_DSN", ["http:", "https:"]).optional(),
} satisfies EnvShape;

/** Usage data (PostHog-compatible) and error reports (Sentry-compatible) of the web client: off unless set. */
export interface TelemetryConfig {
  readonly analytics: { readonly host: string; readonly key: string } | null;
  readonly errorReportingDsn: string | null;
}

export function telemetryConfig(e: EnvOf<typeof telemetryEnv>, problems: string[]): TelemetryConfig {
  if (Boolean(e.ANALYTICS_HOST) !== Boolean(e.ANALYTICS_KEY)) problems.push("ANALYTICS_HOST and ANALYTICS_KEY must be set together");
  return Object.freeze({
    analytics: e.ANALYTICS_HOST && e.ANALYTICS_KEY ? Object.freeze({ host: e.ANALYTICS_HOST.replace(/\/+$/, ""), key: e.ANALYTICS_KEY }) : null,
    errorReportingDsn: e.ERROR_REPORTING_DSN ?? null,
  });
}
