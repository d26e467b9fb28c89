import type { PostHog } from "posthog-js";
import { storage } from "../storage.ts";
import { registerAnalyticsReset } from "./analytics-reset.ts";
import { analyticsOptions } from "./analytics-scrub.ts";
import { consent } from "./consent.ts";
import { type AnalyticsEventName, setEventSink } from "./events.ts";
import type { TelemetryConfig } from "./telemetry-config.ts";

/** Loads the client (its own chunk: nothing is downloaded unless usage data is on and configured). */
export type PostHogLoader = () => Promise<PostHog>;
const loadPostHog: PostHogLoader = async () => (await import("posthog-js")).default;

/** The last user this browser identified, so a sign-in is counted once (cleared on sign-out). */
const USER_KEY = "analytics:user";
/** Calls made while the client loads; a page that never gets one drops them. */
const QUEUE_LIMIT = 100;

type Call = (client: PostHog) => void;

/**
 * Usage data (spec §1, §4, §7): page views, a few product events and the signed-in user's id,
 * sent with the standard PostHog client only when the instance configured it and the person allows
 * it. Withdrawing consent opts out at once; giving it again opts back in.
 */
export function createAnalytics(load: PostHogLoader = loadPostHog) {
  let settings: TelemetryConfig["analytics"] = null;
  let client: PostHog | null = null;
  let loading: Promise<void> | null = null;
  let queue: Call[] = [];
  let stopConsent: (() => void) | null = null;

  const run = (call: Call) => {
    if (!settings || !consent.allowed()) return;
    if (client) call(client);
    else if (queue.length < QUEUE_LIMIT) queue.push(call);
  };

  const ensureLoaded = () => {
    if (!settings || loading) return;
    const { host, key } = settings;
    loading = load().then((posthog) => {
      posthog.init(key, analyticsOptions(host));
      if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing({ captureEventName: null });
      client = posthog;
      for (const call of queue.splice(0)) call(posthog);
    });
    loading.catch((error: unknown) => console.warn("Usage data unavailable:", error));
  };

  const onConsent = (allowed: boolean) => {
    if (!allowed) {
      queue = [];
      client?.opt_out_capturing();
    } else if (client) client.opt_in_capturing({ captureEventName: null });
    else ensureLoaded();
  };

  return {
    /** Starts with the instance's settings; `null` keeps usage data off for this page. */
    start(config: TelemetryConfig["analytics"]): void {
      settings = config;
      if (!settings) return;
      setEventSink((name, properties) => this.capture(name, properties));
      registerAnalyticsReset(() => this.reset());
      stopConsent = consent.subscribe(onConsent);
      if (consent.allowed()) ensureLoaded();
    },

    /** A page view: the path only (ids are not content; queries and titles never leave). */
    pageView(path: string): void {
      const url = `${window.location.origin}${path}`;
      run((posthog) => posthog.capture("$pageview", { $current_url: url, $pathname: path }));
    },

    capture(name: AnalyticsEventName, properties: object = {}): void {
      run((posthog) => posthog.capture(name, { ...properties }));
    },

    /** The signed-in user, by id only (never an e-mail); a new user on this browser counts as a sign-in. */
    identify(userId: string): void {
      run((posthog) => {
        const first = storage.get(USER_KEY) !== userId;
        posthog.identify(userId);
        storage.set(USER_KEY, userId);
        if (first) posthog.capture("sign_in");
      });
    },

    /** Sign-out: back to an anonymous id (spec §4). */
    reset(): void {
      storage.remove(USER_KEY);
      client?.reset();
    },

    /** Whether the client was loaded (tests and the bundle check). */
    loaded: (): boolean => client !== null,

    stop(): void {
      stopConsent?.();
      setEventSink(null);
      registerAnalyticsReset(null);
    },
  };
}

export type Analytics = ReturnType<typeof createAnalytics>;

/** The page's analytics. */
export const analytics = createAnalytics();
