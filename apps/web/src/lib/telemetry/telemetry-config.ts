import type { StatusConfigs } from "@tidings/contracts";
import { api } from "../api-client.ts";

/** Where usage data and error reports go on this instance; null parts are off. */
export interface TelemetryConfig {
  analytics: { host: string; key: string } | null;
  errorReportingDsn: string | null;
}

export const TELEMETRY_OFF: TelemetryConfig = Object.freeze({ analytics: null, errorReportingDsn: null });

/** The telemetry part of `GET /status/configs` (both analytics values, or none). */
export function telemetryFromStatus(configs: Partial<StatusConfigs>): TelemetryConfig {
  return {
    analytics: configs.ANALYTICS_HOST && configs.ANALYTICS_KEY ? { host: configs.ANALYTICS_HOST, key: configs.ANALYTICS_KEY } : null,
    errorReportingDsn: configs.ERROR_REPORTING_DSN || null,
  };
}

let pending: Promise<TelemetryConfig> | null = null;

/**
 * Asks the server once per page which services it configured. Offline or on failure, telemetry
 * stays off for this page: nothing is queued for later.
 */
export function loadTelemetryConfig(): Promise<TelemetryConfig> {
  pending ??= api<StatusConfigs>("status/configs").then(telemetryFromStatus, () => TELEMETRY_OFF);
  return pending;
}
