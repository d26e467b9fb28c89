import type { BrowserOptions, Breadcrumb, ErrorEvent, Event, EventHint } from "@sentry/browser";

type StreamedSpanJSON = Parameters<NonNullable<BrowserOptions["beforeSendSpan"]>>[0];
import { ApiError } from "../api-client.ts";

/**
 * Messages never reported (spec §8): network noise, browser quirks and aborted work. A string
 * matches anywhere in the message; the SDK applies the same list to its own filters.
 */
export const IGNORE_ERRORS: (string | RegExp)[] = [
  "Network Error",
  "Fetch Error",
  "XHR Error",
  "adsbygoogle",
  "Failed to fetch",
  "fetch failed",
  "Unable to open cursor",
  "Document is not focused.",
  "HTTP Client Error",
  "Chain aborted",
  "The database connection is closing",
  "NotSupportedError",
  "AbortError",
  /\babort(ed)?\b/i,
];

/**
 * Error classes the product throws on purpose and shows to the person itself: an API answer that
 * failed is data for the caller, not a bug of the client.
 */
const DESIGNATED_ERRORS: (new (...args: never[]) => Error)[] = [ApiError];

const matches = (text: string) => IGNORE_ERRORS.some((pattern) => (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text)));

/** Whether an error (the thrown value, or the event when the value is gone) is on the ignore list. */
export function isIgnoredError(event: Event, hint: EventHint = {}): boolean {
  const thrown = hint.originalException;
  if (thrown instanceof Error) {
    if (DESIGNATED_ERRORS.some((type) => thrown instanceof type)) return true;
    if (thrown.name === "AbortError" || matches(`${thrown.name}: ${thrown.message}`)) return true;
  } else if (typeof thrown === "string" && matches(thrown)) return true;
  const texts = [event.message ?? "", ...(event.exception?.values ?? []).map((value) => `${value.type ?? ""}: ${value.value ?? ""}`)];
  return texts.some((text) => text && matches(text));
}

/** Drops everything a breadcrumb could carry beyond what happened where. */
function scrubBreadcrumb(crumb: Breadcrumb): Breadcrumb | null {
  // Console lines and clicked elements (their titles and labels) can repeat what the reader shows.
  if (crumb.category === "console" || crumb.category?.startsWith("ui.")) return null;
  if (crumb.category === "fetch" || crumb.category === "xhr") {
    const url = typeof crumb.data?.url === "string" ? stripQuery(crumb.data.url) : undefined;
    return { ...crumb, data: { method: crumb.data?.method, status_code: crumb.data?.status_code, url } };
  }
  if (crumb.category === "navigation") {
    return { ...crumb, data: { from: stripQuery(String(crumb.data?.from ?? "")), to: stripQuery(String(crumb.data?.to ?? "")) } };
  }
  return { ...crumb, data: undefined };
}

/** A URL without its query and fragment (searches put what was typed there). */
export function stripQuery(url: string): string {
  return url.replace(/[?#].*$/, "");
}

/**
 * Removes what could carry entry content before an event leaves the browser: request bodies,
 * cookies and queries, breadcrumb payloads, console lines and element texts. Tags the session
 * trace id (and the error's own trace id when it has one) so a report matches an issue link.
 */
export function scrubEvent<T extends Event>(event: T, traceId: string, hint: EventHint = {}): T {
  const scrubbed: T = { ...event };
  if (event.request) {
    scrubbed.request = { ...(event.request.url ? { url: stripQuery(event.request.url) } : {}), ...(event.request.headers ? { headers: { "User-Agent": event.request.headers["User-Agent"] ?? "" } } : {}) };
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb).filter((crumb): crumb is Breadcrumb => crumb !== null);
  delete scrubbed.extra;
  const thrown = hint.originalException;
  const errorTraceId = thrown && typeof thrown === "object" && "traceId" in thrown ? String(thrown.traceId) : undefined;
  scrubbed.tags = { ...event.tags, trace_id: traceId, ...(errorTraceId ? { error_trace_id: errorTraceId } : {}) };
  return scrubbed;
}

/** The SDK's beforeSend: ignored errors and opted-out sessions send nothing. */
export function beforeSendError(event: ErrorEvent, hint: EventHint, context: { traceId: string; allowed: () => boolean }): ErrorEvent | null {
  if (!context.allowed() || isIgnoredError(event, hint)) return null;
  return scrubEvent(event, context.traceId, hint);
}

/** Queries inside any text (span names such as "GET /api/search?q=…"). */
const stripQueries = (text: string) => text.replace(/\?[^\s"']*/g, "");

/**
 * Tracing spans keep their timings and paths: queries are cut from names and attributes, and
 * attributes that hold queries or titles (the open entry's) are dropped.
 */
export function scrubSpan(span: StreamedSpanJSON): StreamedSpanJSON {
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(span.attributes ?? {})) {
    if (/query|title/i.test(key)) continue;
    attributes[key] = typeof value === "string" ? stripQueries(value) : value;
  }
  return { ...span, name: stripQueries(span.name), attributes };
}
