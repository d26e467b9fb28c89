import type * as SentrySdk from "@sentry/browser";
import type { BrowserOptions } from "@sentry/browser";
import { appEnv } from "../env.ts";
import { getSessionTraceId } from "../trace.ts";
import { consent } from "./consent.ts";
import { beforeSendError, IGNORE_ERRORS, scrubSpan } from "./error-filter.ts";
import { attachReporter } from "./report.ts";

type Sentry = typeof SentrySdk;

/** Loads the SDK (its own chunk: pages without a DSN never download it). */
export type SentryLoader = () => Promise<Sentry>;
const loadSentry: SentryLoader = () => import("@sentry/browser");

let started = false;

/** The SDK options (spec §9: traces sample rate 1; active only when a release is set). */
export function errorReportingOptions(dsn: string, integrations: BrowserOptions["integrations"]): BrowserOptions {
  const traceId = getSessionTraceId();
  return {
    dsn,
    release: appEnv.version,
    enabled: Boolean(appEnv.version),
    environment: `${appEnv.isElectron ? "electron" : "web"}-${appEnv.mode}`,
    ignoreErrors: IGNORE_ERRORS,
    tracesSampleRate: 1,
    // Session replay is left out: it would ship ~50 KB more and record the reader's DOM.
    integrations,
    beforeSend: (event, hint) => beforeSendError(event, hint, { traceId, allowed: consent.allowed }),
    beforeSendSpan: scrubSpan,
    beforeBreadcrumb: (crumb) => (crumb.category === "console" || crumb.category?.startsWith("ui.") ? null : crumb),
  };
}

/**
 * Starts error reporting when the instance has a DSN (spec §7): loads the SDK lazily and
 * initialises it. Unhandled errors and rejections are caught by the SDK itself; route errors and
 * those raised before it loaded come through report.ts. Nothing is sent while consent is withdrawn.
 */
export async function initErrorReporting(dsn: string | null, load: SentryLoader = loadSentry): Promise<boolean> {
  if (started) return true;
  if (!dsn) {
    attachReporter(null);
    return false;
  }
  started = true;
  // Nothing is downloaded for a person who keeps sendAnonymousData off; errors wait meanwhile.
  if (!consent.allowed()) {
    await new Promise<void>((resolve) => {
      const stop = consent.subscribe((allowed) => {
        if (!allowed) return;
        stop();
        resolve();
      });
    });
  }
  const Sentry = await load();
  Sentry.init({
    ...errorReportingOptions(dsn, (defaults) => [...defaults, Sentry.browserTracingIntegration()]),
    // Every envelope (errors, traces, sessions, client reports) stops while consent is withdrawn.
    transport: (options) => {
      const transport = Sentry.makeFetchTransport(options);
      return { ...transport, send: (envelope) => (consent.allowed() ? transport.send(envelope) : Promise.resolve({})) };
    },
  });
  Sentry.setTag("trace_id", getSessionTraceId());
  attachReporter((error) => Sentry.captureException(error));
  return true;
}
