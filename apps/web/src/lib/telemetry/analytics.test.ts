import type { PostHog } from "posthog-js";
import { afterEach, describe, expect, it } from "vitest";
import { scrubAnalyticsEvent } from "./analytics-scrub.ts";
import { createAnalytics } from "./analytics.ts";
import { consent } from "./consent.ts";
import { initErrorReporting } from "./error-reporting.ts";
import { track } from "./events.ts";

/** A stand-in for the PostHog client that records what the app asks of it. */
function recordingClient() {
  const calls: unknown[][] = [];
  let optedOut = false;
  const client = {
    init: (...args: unknown[]) => calls.push(["init", ...args]),
    capture: (...args: unknown[]) => calls.push(["capture", ...args]),
    identify: (...args: unknown[]) => calls.push(["identify", ...args]),
    reset: () => calls.push(["reset"]),
    opt_out_capturing: () => {
      optedOut = true;
      calls.push(["opt_out"]);
    },
    opt_in_capturing: () => {
      optedOut = false;
      calls.push(["opt_in"]);
    },
    has_opted_out_capturing: () => optedOut,
  };
  return { client: client as unknown as PostHog, calls };
}

const CONFIG = { host: "http://127.0.0.1:9", key: "phc_test" };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  consent.set(false);
});

describe("analytics", () => {
  it("loads nothing when the instance has no analytics configured", async () => {
    let loads = 0;
    const analytics = createAnalytics(async () => (loads++, recordingClient().client));
    consent.set(true);
    analytics.start(null);
    analytics.pageView("/timeline");
    await flush();
    expect(loads).toBe(0);
    expect(analytics.loaded()).toBe(false);
  });

  it("loads nothing while the person has sendAnonymousData off", async () => {
    let loads = 0;
    const analytics = createAnalytics(async () => (loads++, recordingClient().client));
    consent.set(false);
    analytics.start(CONFIG);
    stop = () => analytics.stop();
    analytics.pageView("/timeline");
    track("search");
    await flush();
    expect(loads).toBe(0);
  });

  it("sends page views, events and the user id once loaded, and stops at once on opt-out", async () => {
    const { client, calls } = recordingClient();
    const analytics = createAnalytics(async () => client);
    consent.set(true);
    analytics.start(CONFIG);
    stop = () => analytics.stop();
    analytics.pageView("/timeline/view-0/all");
    track("mark_all_read", { view: 2 });
    analytics.identify("user-1");
    await flush();
    expect(calls[0]?.[0]).toBe("init");
    expect(calls[0]?.[2]).toMatchObject({ api_host: CONFIG.host, person_profiles: "identified_only", autocapture: false, session_idle_timeout_seconds: 1800 });
    expect(calls.slice(1)).toEqual([
      ["capture", "$pageview", { $current_url: `${window.location.origin}/timeline/view-0/all`, $pathname: "/timeline/view-0/all" }],
      ["capture", "mark_all_read", { view: 2 }],
      ["identify", "user-1"],
      ["capture", "sign_in"],
    ]);

    consent.set(false);
    track("search");
    analytics.pageView("/settings");
    expect(calls.slice(5)).toEqual([["opt_out"]]);

    consent.set(true);
    track("search");
    expect(calls.slice(6)).toEqual([["opt_in"], ["capture", "search", {}]]);
  });

  it("counts a sign-in once per user on this browser, and forgets the user at sign-out", async () => {
    const { client, calls } = recordingClient();
    const analytics = createAnalytics(async () => client);
    consent.set(true);
    analytics.start(CONFIG);
    stop = () => analytics.stop();
    analytics.identify("user-1");
    analytics.identify("user-1");
    await flush();
    expect(calls.filter((call) => call[1] === "sign_in")).toHaveLength(1);
    analytics.reset();
    analytics.identify("user-1");
    expect(calls.filter((call) => call[1] === "sign_in")).toHaveLength(2);
  });
});

describe("analytics event scrubbing", () => {
  it("drops page titles and element texts and keeps URL paths without queries", () => {
    const scrubbed = scrubAnalyticsEvent({
      uuid: "u",
      event: "$pageview",
      properties: { title: "Entry title", $current_url: "https://read.example/timeline/view-0/all/1?q=typed#top", $referrer: "https://search.example/?q=me", view: 0 },
      $set_once: { $initial_current_url: "https://read.example/search?q=x" },
    });
    expect(scrubbed).toEqual({
      uuid: "u",
      event: "$pageview",
      properties: { $current_url: "https://read.example/timeline/view-0/all/1", $referrer: "https://search.example/", view: 0 },
      $set_once: { $initial_current_url: "https://read.example/search" },
    });
  });
});

describe("error reporting", () => {
  it("loads no SDK without a DSN", async () => {
    let loads = 0;
    await expect(initErrorReporting(null, async () => (loads++, await import("@sentry/browser")))).resolves.toBe(false);
    expect(loads).toBe(0);
  });
});
