import type { ErrorEvent } from "@sentry/browser";
import { describe, expect, it } from "vitest";
import { ApiError } from "../api-client.ts";
import { beforeSendError, isIgnoredError, scrubEvent, scrubSpan } from "./error-filter.ts";

const eventOf = (type: string, value: string): ErrorEvent => ({ type: undefined, exception: { values: [{ type, value }] } });

describe("error reporting ignore list (spec §8)", () => {
  it.each([
    ["TypeError", "Failed to fetch"],
    ["TypeError", "fetch failed"],
    ["Error", "Network Error"],
    ["Error", "Fetch Error"],
    ["Error", "XHR Error"],
    ["TagError", "adsbygoogle.push() error: No slot size"],
    ["UnknownError", "Unable to open cursor"],
    ["NotAllowedError", "Document is not focused."],
    ["Error", "HTTP Client Error with status code: 500"],
    ["Error", "Chain aborted"],
    ["InvalidStateError", "The database connection is closing."],
    ["NotSupportedError", "The operation is not supported."],
    ["AbortError", "signal is aborted without reason"],
    ["TimeoutError", "The operation was aborted due to timeout"],
  ])("ignores %s: %s", (type, value) => {
    expect(isIgnoredError(eventOf(type, value))).toBe(true);
  });

  it("ignores the product's own API errors and aborted requests by their class", () => {
    const apiError = new ApiError({ method: "GET", url: "/api/entries", status: 500, statusText: "Internal Server Error" });
    expect(isIgnoredError(eventOf("ApiError", apiError.message), { originalException: apiError })).toBe(true);
    const abort = new DOMException("The user aborted a request.", "AbortError");
    expect(isIgnoredError(eventOf("Error", "x"), { originalException: abort })).toBe(true);
  });

  it("reports everything else", () => {
    expect(isIgnoredError(eventOf("TypeError", "Cannot read properties of undefined (reading 'id')"), { originalException: new TypeError("x") })).toBe(false);
    expect(isIgnoredError({ type: undefined, message: "Render loop in the timeline" })).toBe(false);
  });
});

describe("beforeSend", () => {
  const CONTENT = "The secret plot of chapter nine";

  it("strips what could carry entry content and tags the trace ids", () => {
    const thrown = Object.assign(new Error("boom"), { traceId: "error-trace-id-000001" });
    const event: ErrorEvent = {
      type: undefined,
      exception: { values: [{ type: "Error", value: "boom" }] },
      request: { url: "https://read.example/search?q=secret", data: { content: CONTENT }, cookies: { s: "1" }, query_string: "q=secret", headers: { "User-Agent": "UA", Referer: "x" } },
      extra: { entry: CONTENT },
      breadcrumbs: [
        { category: "console", message: CONTENT },
        { category: "ui.click", message: `div.reader > p[title="${CONTENT}"]` },
        { category: "fetch", data: { method: "POST", url: "/api/entries?id=1", status_code: 200, body: CONTENT } },
        { category: "navigation", data: { from: "/timeline?q=a", to: "/timeline/view-0/all/123" } },
        { category: "custom", message: "kept", data: { content: CONTENT } },
      ],
    };
    const sent = beforeSendError(event, { originalException: thrown }, { traceId: "session-trace-id-0001", allowed: () => true })!;
    expect(JSON.stringify(sent)).not.toContain(CONTENT);
    expect(JSON.stringify(sent)).not.toContain("secret");
    expect(sent.request).toEqual({ url: "https://read.example/search", headers: { "User-Agent": "UA" } });
    expect(sent.breadcrumbs).toEqual([
      { category: "fetch", data: { method: "POST", url: "/api/entries", status_code: 200 } },
      { category: "navigation", data: { from: "/timeline", to: "/timeline/view-0/all/123" } },
      { category: "custom", message: "kept", data: undefined },
    ]);
    expect(sent.tags).toEqual({ trace_id: "session-trace-id-0001", error_trace_id: "error-trace-id-000001" });
  });

  it("sends nothing for ignored errors or when the person opted out", () => {
    const plain = eventOf("Error", "boom");
    expect(beforeSendError(eventOf("TypeError", "Failed to fetch"), {}, { traceId: "t", allowed: () => true })).toBeNull();
    expect(beforeSendError(plain, {}, { traceId: "t", allowed: () => false })).toBeNull();
    expect(beforeSendError(plain, {}, { traceId: "t", allowed: () => true })?.tags).toEqual({ trace_id: "t" });
  });

  it("keeps the event's own tags", () => {
    expect(scrubEvent({ type: undefined, tags: { route: "timeline" } }, "t").tags).toEqual({ route: "timeline", trace_id: "t" });
  });
});

describe("span scrubbing", () => {
  it("cuts queries from span names and attributes and drops titles", () => {
    const span = {
      trace_id: "t",
      span_id: "s",
      name: "GET /api/search?q=secret%20plot",
      start_timestamp: 1,
      status: "ok" as const,
      is_segment: false,
      attributes: { "url.full": "http://app.example/api/search?q=secret", "http.query": "?q=secret", "document.title": "Entry title", "http.response.status_code": 200 },
    };
    expect(scrubSpan(span)).toEqual({ ...span, name: "GET /api/search", attributes: { "url.full": "http://app.example/api/search", "http.response.status_code": 200 } });
  });
});
