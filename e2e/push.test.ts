import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPushService, type TestPushService } from "@tidings/server/testing";
import { baseURL, launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiCall, signedInPage } from "./helpers/reader.ts";

// Push notifications (issue 13 §3): Settings → Notifications subscribes this browser, the server
// keeps the subscription and sends a test message through a local push service, which decrypts it.

let browser: Browser;
let push: TestPushService;

beforeAll(async () => {
  browser = await launchBrowser();
  push = await startPushService();
});
afterAll(async () => {
  await browser?.close();
  await push?.close();
});

interface Device {
  endpoint: string;
  views: number[];
}

describe("push notifications", () => {
  it("are enabled in Settings → Notifications: the subscription is stored, follows the views, gets a test message, and is removed when turned off", async () => {
    const subscriber = push.subscriber();
    const { context, page } = await signedInPage(browser, { path: "/settings/notifications" });
    await context.grantPermissions(["notifications"], { origin: baseURL() });
    // Headless Chromium reaches no push service: its pushManager.subscribe() fails ("Registration
    // failed"). In this test only, the page's PushManager answers with a subscription whose endpoint
    // is the local push service and whose keys are the test subscriber's real P-256 keys.
    await context.addInitScript((json: { endpoint: string; keys: { p256dh: string; auth: string } }) => {
      let current: PushSubscription | null = null;
      const make = () =>
        ({
          endpoint: json.endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => (current ??= make());
      PushManager.prototype.getSubscription = async () => current;
    }, subscriber.json);
    await page.reload();
    await page.getByRole("heading", { name: "Notifications", level: 2 }).waitFor();
    const state = page.getByTestId("push-state");
    await expect.poll(() => state.getAttribute("data-state")).toBe("off");
    await screenshot(page, "settings-notifications-off");

    await page.getByRole("button", { name: "Enable push notifications" }).click();
    await expect.poll(() => state.getAttribute("data-state")).toBe("on");
    const devices = () => apiCall<Device[]>(context, "GET", "/messaging");
    expect(await devices()).toEqual([expect.objectContaining({ endpoint: subscriber.endpoint, channel: "web", views: [5] })]);

    // A view chosen here reaches this device's subscription on the server.
    await page.getByRole("switch", { name: "Articles", exact: true }).click();
    await expect.poll(async () => (await devices())[0]?.views).toEqual([0, 5]);

    await page.getByRole("button", { name: "Send a test notification" }).click();
    await expect.poll(() => push.messagesTo(subscriber)).toEqual([expect.objectContaining({ type: "test", url: "/settings/notifications" })]);
    const { publicKey } = await apiCall<{ publicKey: string }>(context, "GET", "/messaging/vapid");
    expect(push.received.at(-1)!.vapid.publicKey).toBe(publicKey);
    await page.getByText("Sent to 1 device.").waitFor();
    await screenshot(page, "settings-notifications-push");

    // The service worker shows what a push message carries (delivered here through DevTools, as
    // the push service would): the entry's source and title, tagged per entry.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL.startsWith(baseURL()) && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send("ServiceWorker.enable");
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notice) => ({ title: notice.title, body: notice.body, tag: notice.tag, data: notice.data as unknown })));
    // Delivered again until shown: DevTools may hand a message to a worker that is just starting,
    // which drops it. One tag per entry, so a second copy replaces the first.
    const deliver = async (message: object, tag: string) => {
      const data = JSON.stringify(message);
      await expect
        .poll(async () => {
          const notice = (await shown()).find((one) => one.tag === tag);
          if (!notice) await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL(), registrationId: await registrationId, data });
          return notice;
        })
        .toBeDefined();
      return (await shown()).find((one) => one.tag === tag);
    };
    const message = { type: "new-entry", feedId: "77", entryId: "1234", view: 0, title: "Harbour Notes", description: "The tide is high", url: "/timeline/view-0/77/1234" };
    expect(await deliver(message, "entry-1234")).toEqual({ title: "Harbour Notes", body: "The tide is high", tag: "entry-1234", data: { url: "/timeline/view-0/77/1234" } });
    // A summary is worded by the page's texts (the reader's language), not the server's English.
    const summary = { type: "new-entries", count: 7, view: 0, title: "Tidings", description: "(server text)", url: "/timeline/view-0/all" };
    expect(await deliver(summary, "new-entries-0")).toMatchObject({ title: "Tidings", body: "7 new entries" });

    await page.getByRole("button", { name: "Turn off" }).click();
    await expect.poll(() => state.getAttribute("data-state")).toBe("off");
    expect(await devices()).toEqual([]);
    await context.close();
  });
});
