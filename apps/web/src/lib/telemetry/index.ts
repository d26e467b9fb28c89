/**
 * Usage data and error reports (spec §1, §7, §8): off unless the instance configures them and the
 * person allows them, and never with entry content. The first page load needs only report.ts;
 * the rest is loaded by the start-up steps.
 */
export { analytics, createAnalytics, type Analytics } from "./analytics.ts";
export { resetAnalytics } from "./analytics-reset.ts";
export { consent } from "./consent.ts";
export { track } from "./events.ts";
export { initErrorReporting } from "./error-reporting.ts";
export { listenForEarlyErrors, reportError } from "./report.ts";
export { loadTelemetryConfig, type TelemetryConfig } from "./telemetry-config.ts";
