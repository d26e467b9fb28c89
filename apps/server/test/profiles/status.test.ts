import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";

let t: TestApp | undefined;
afterEach(async () => t?.close());

describe("GET /status/configs", () => {
  it("answers the instance's limits without a session", async () => {
    t = await createTestApp({
      MAX_SUBSCRIPTIONS: "300",
      MAX_LISTS: "7",
      MAX_INBOXES: "3",
      MAX_ACTIONS: "40",
      MAX_WEBHOOKS_PER_ACTION: "4",
      TRIAL_MAX_FEED_SUBSCRIPTIONS: "20",
      TRIAL_MAX_LIST_SUBSCRIPTIONS: "2",
      TRIAL_MAX_INBOXES: "0",
      INVITATIONS_REQUIRED: "true",
      INBOX_EMAIL_SUFFIX: "in.example.org",
    });
    const response = await t.request("/api/status/configs");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      code: 0,
      data: {
        MAX_SUBSCRIPTIONS: 300,
        MAX_LISTS: 7,
        MAX_INBOXES: 3,
        MAX_ACTIONS: 40,
        MAX_WEBHOOKS_PER_ACTION: 4,
        MAX_TRIAL_USER_FEED_SUBSCRIPTION: 20,
        MAX_TRIAL_USER_LIST_SUBSCRIPTION: 2,
        MAX_TRIAL_USER_INBOX_SUBSCRIPTION: 0,
        INVITATIONS_REQUIRED: true,
        INBOX_EMAIL_SUFFIX: "@in.example.org",
        AVATAR_MAX_BYTES: 2 * 1024 * 1024,
        INVITATION_INTERVAL_DAYS: 7,
        ANALYTICS_HOST: null,
        ANALYTICS_KEY: null,
        ERROR_REPORTING_DSN: null,
        POWER: true,
        INVITATION_PRICE: 0,
        POWER_BOOST_MONTHLY_COST: 10,
        POWER_DAILY_SUPPLY: 10000,
        PRIVATE_NETWORKS_FOR: "admins",
        IMAGE_PROXY: true,
        AVATAR_SERVICES: ["https://icons.duckduckgo.com/ip3/{host}.ico", "https://www.google.com/s2/favicons?domain={host}&sz=64"],
      },
    });
  });

  it("answers the defaults, and the web URL's host as the inbox suffix", async () => {
    t = await createTestApp({ WEB_URL: "https://read.example.net" });
    const body = (await (await t.request("/api/status/configs")).json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ MAX_SUBSCRIPTIONS: 5000, MAX_LISTS: 100, MAX_INBOXES: 10, INVITATIONS_REQUIRED: false, INBOX_EMAIL_SUFFIX: "@read.example.net" });
  });

  it("answers the telemetry endpoints when they are configured", async () => {
    t = await createTestApp({ ANALYTICS_HOST: "https://ph.example.org/", ANALYTICS_KEY: "phc_public", ERROR_REPORTING_DSN: "https://key@errors.example.org/4" });
    const body = (await (await t.request("/api/status/configs")).json()) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({ ANALYTICS_HOST: "https://ph.example.org", ANALYTICS_KEY: "phc_public", ERROR_REPORTING_DSN: "https://key@errors.example.org/4" });
  });
});
