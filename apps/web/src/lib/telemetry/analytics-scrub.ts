import type { CaptureResult, PostHogConfig, Properties } from "posthog-js";
import { stripQuery } from "./error-filter.ts";

/** Properties that may name what is on screen: the page title is the open entry's title. */
const DROPPED = ["title", "$title", "$el_text", "$elements", "$elements_chain", "$initial_title"];

function scrubProperties(properties: Properties | undefined): Properties | undefined {
  if (!properties) return properties;
  const scrubbed: Properties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (DROPPED.includes(key)) continue;
    // URLs keep their path (feed and entry ids are not content) but lose queries (search text).
    scrubbed[key] = typeof value === "string" && /url|referrer/i.test(key) ? stripQuery(value) : value;
  }
  return scrubbed;
}

/** The client's before_send: an event leaves without page titles, element texts or URL queries. */
export function scrubAnalyticsEvent(event: CaptureResult | null): CaptureResult | null {
  if (!event) return null;
  const scrubbed: CaptureResult = { ...event, properties: scrubProperties(event.properties) ?? {} };
  if (event.$set) scrubbed.$set = scrubProperties(event.$set);
  if (event.$set_once) scrubbed.$set_once = scrubProperties(event.$set_once);
  return scrubbed;
}

/**
 * The client's options (spec §4 analytics session, §9): profiles only for signed-in people, a
 * session ends after 30 minutes idle, nothing is captured automatically (autocapture and session
 * recording would read the reader's text), and no extra script is fetched from the host.
 */
export function analyticsOptions(host: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    person_profiles: "identified_only",
    session_idle_timeout_seconds: 1800,
    cookie_expiration: 365,
    request_batching: false,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    capture_dead_clicks: false,
    capture_heatmaps: false,
    capture_exceptions: false,
    capture_performance: false,
    rageclick: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_feature_flags: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    before_send: scrubAnalyticsEvent,
  };
}
