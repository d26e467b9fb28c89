import type { MessagingDevice, WebPushSubscriptionJson } from "@tidings/contracts";
import settingsEn from "@tidings/i18n/locales/en/settings.json";
import settingsJa from "@tidings/i18n/locales/ja/settings.json";
import i18next from "i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BrowserPush } from "../../lib/push.ts";
import { pushStrings, syncPushViews } from "./push-link.ts";

const i18n = i18next.createInstance();
await i18n.init({ lng: "en", resources: { en: { settings: settingsEn }, ja: { settings: settingsJa } }, interpolation: { escapeValue: false } });

const subscription: WebPushSubscriptionJson = { endpoint: "https://push.example/me", keys: { p256dh: "k", auth: "a" } };
const browser = (current: WebPushSubscriptionJson | null) => ({ current: async () => current }) as BrowserPush;
const device = (endpoint: string, views: number[]): MessagingDevice => ({ endpoint, views, channel: "web", createdAt: "", lastSuccessAt: null, failureCount: 0 });

afterEach(() => vi.unstubAllGlobals());

describe("the service worker's texts", () => {
  it("keep {{count}} for the worker, one template per plural form of the language", async () => {
    expect(pushStrings(i18n)).toEqual({
      language: "en",
      newEntries: { one: "{{count}} new entry", other: "{{count}} new entries" },
      test: "Push notifications work on this device.",
    });
    await i18n.changeLanguage("ja");
    expect(pushStrings(i18n)).toMatchObject({ language: "ja", newEntries: { other: "新着エントリー {{count}} 件" } });
    await i18n.changeLanguage("en");
    // Strings not loaded (a language pack that failed): nothing to hand over.
    const bare = i18next.createInstance();
    await bare.init({ lng: "en", resources: {} });
    expect(pushStrings(bare)).toBeNull();
  });
});

describe("this device's views on the server", () => {
  it("follow the reader's choice, for this reader's own device only", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { views: number[] };
        posted.push(body);
        return Response.json({ code: 0, data: device(subscription.endpoint, body.views) });
      }),
    );
    expect(await syncPushViews(browser(subscription), async () => [device(subscription.endpoint, [5])], [3, 0])).toEqual([0, 3]);
    expect(posted).toEqual([{ subscription, channel: "web", views: [0, 3] }]);
    // Already as chosen, another reader's device, or no subscription: nothing is sent.
    expect(await syncPushViews(browser(subscription), async () => [device(subscription.endpoint, [0, 3])], [3, 0])).toEqual([0, 3]);
    expect(await syncPushViews(browser(subscription), async () => [device("https://push.example/other", [5])], [1])).toBeNull();
    expect(await syncPushViews(browser(null), async () => [], [1])).toBeNull();
    expect(posted).toHaveLength(1);
  });
});
