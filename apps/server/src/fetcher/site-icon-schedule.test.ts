import { describe, expect, it } from "vitest";
import { siteIconDue, siteIconRecheckMs, type SiteIconState } from "./site-icon-schedule.ts";

const DAY = 86_400_000;

describe("siteIconRecheckMs", () => {
  it.each([
    [null, 7 * DAY],
    ["public", 7 * DAY],
    ["max-age=172800", 2 * DAY],
    ["public, max-age=1209600", 14 * DAY],
    // Never sooner than a day, never later than 30.
    ["max-age=0", DAY],
    ["max-age=600, must-revalidate", DAY],
    ["max-age=31536000, immutable", 30 * DAY],
    ["no-store", DAY],
    ["private, no-cache", DAY],
    ["No-Cache, max-age=604800", DAY],
  ])("Cache-Control %j waits %i ms", (cacheControl, wait) => {
    expect(siteIconRecheckMs(cacheControl)).toBe(wait);
  });
});

describe("siteIconDue", () => {
  const now = new Date("2026-12-01T12:00:00Z");
  const page = "https://example.com/";
  const feed = (state: Partial<SiteIconState>): SiteIconState => ({ id: "1", image: null, siteIcon: null, siteIconPageUrl: page, siteIconNextCheckAt: new Date(now.getTime() + DAY), ...state });

  it.each<[string, Partial<SiteIconState>, string, boolean]>([
    ["never looked", { siteIconPageUrl: null, siteIconNextCheckAt: null }, page, true],
    ["looked, wait not over", {}, page, false],
    ["looked, wait over", { siteIconNextCheckAt: now }, page, true],
    ["looked on another homepage", {}, "https://example.org/", true],
    ["the image is the site's icon, wait over", { image: "https://example.com/i.png", siteIcon: "https://example.com/i.png", siteIconNextCheckAt: now }, page, true],
    ["the feed's own image", { image: "https://cdn.example.com/own.png", siteIconPageUrl: null, siteIconNextCheckAt: null }, page, false],
    ["the feed's own image, site moved", { image: "https://cdn.example.com/own.png", siteIcon: "https://example.com/i.png" }, "https://example.org/", false],
  ])("%s", (_, state, pageUrl, due) => {
    expect(siteIconDue(feed(state), pageUrl, now)).toBe(due);
  });
});
