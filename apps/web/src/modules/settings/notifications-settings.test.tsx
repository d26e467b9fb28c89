import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MessagingDevice, WebPushSubscriptionJson } from "@tidings/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/helpers/render.tsx";
import type { BrowserPush, NotificationAccess } from "../../lib/push.ts";
import { settingsActions } from "../../store/settings.store.ts";
import { GENERAL_DEFAULTS } from "../../store/settings-defaults.ts";
import { NotificationsSettings } from "./notifications-settings.tsx";

const VAPID = "BPublicKeyOfTheServer";

/** A browser whose push subscription lives in memory. */
function fakeBrowser(options: { supported?: boolean; permission?: NotificationAccess; answer?: NotificationPermission } = {}) {
  let subscription: WebPushSubscriptionJson | null = null;
  let permission = options.permission ?? "default";
  const subscribedWith: string[] = [];
  const push: BrowserPush = {
    supported: async () => options.supported ?? true,
    permission: () => permission,
    requestPermission: async () => (permission = options.answer ?? "granted"),
    current: async () => subscription,
    async subscribe(key) {
      subscribedWith.push(key);
      subscription ??= { endpoint: "https://push.example/device-1", keys: { p256dh: "p256dh", auth: "auth" } };
      return subscription;
    },
    async unsubscribe() {
      const endpoint = subscription?.endpoint ?? null;
      subscription = null;
      return endpoint;
    },
  };
  return { push, subscribedWith };
}

/** The server's `/messaging`, in memory, behind a stubbed fetch. */
function fakeServer() {
  const devices: MessagingDevice[] = [];
  const calls: string[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const path = new URL(input, "http://localhost").pathname;
    calls.push(`${method} ${path}`);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    let data: unknown = null;
    if (path === "/api/messaging/vapid") data = { publicKey: VAPID };
    else if (path === "/api/messaging/test") data = { sent: devices.length, failed: 0, removed: 0 };
    else if (path === "/api/messaging" && method === "GET") data = devices;
    else if (path === "/api/messaging" && method === "POST") {
      const subscription = body.subscription as WebPushSubscriptionJson;
      const device = { endpoint: subscription.endpoint, channel: "web" as const, views: body.views as number[], createdAt: "2026-11-22T08:00:00Z", lastSuccessAt: null, failureCount: 0 };
      devices.splice(0, devices.length, ...devices.filter((d) => d.endpoint !== device.endpoint), device);
      data = device;
    } else if (path === "/api/messaging" && method === "DELETE") {
      const before = devices.length;
      devices.splice(0, devices.length, ...devices.filter((d) => d.endpoint !== body.endpoint));
      data = { removed: devices.length < before };
    }
    return Response.json({ code: 0, data });
  });
  vi.stubGlobal("fetch", fetch);
  return { devices, calls };
}

const state = () => screen.getByTestId("push-state").getAttribute("data-state");

beforeEach(() => settingsActions.replace("general", { ...structuredClone(GENERAL_DEFAULTS), notificationsViews: [0, 5] }, 0));
afterEach(() => vi.unstubAllGlobals());

describe("Settings → Notifications: push on this device", () => {
  it("asks permission, subscribes with the server's key and registers this device with the chosen views", async () => {
    const server = fakeServer();
    const browser = fakeBrowser();
    renderPage(<NotificationsSettings push={browser.push} />);
    await waitFor(() => expect(state()).toBe("off"));
    expect(screen.getByText("Off for this device")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send a test notification" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Enable push notifications" }));
    await waitFor(() => expect(state()).toBe("on"));
    expect(screen.getByText("On for this device")).toBeTruthy();
    expect(browser.subscribedWith).toEqual([VAPID]);
    expect(server.devices).toEqual([expect.objectContaining({ endpoint: "https://push.example/device-1", views: [0, 5] })]);

    await userEvent.click(screen.getByRole("button", { name: "Send a test notification" }));
    await waitFor(() => expect(server.calls).toContain("GET /api/messaging/test"));

    await userEvent.click(screen.getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(state()).toBe("off"));
    expect(server.devices).toEqual([]);
    expect(await browser.push.current()).toBeNull();
  });

  it("says so when the browser blocks notifications or cannot receive push, and offers nothing to click", async () => {
    fakeServer();
    const denied = renderPage(<NotificationsSettings push={fakeBrowser({ permission: "denied" }).push} />);
    await waitFor(() => expect(state()).toBe("denied"));
    expect(screen.getAllByText(/blocked for this site/).length).toBeGreaterThan(0);
    expect((screen.getByRole("button", { name: "Enable push notifications" }) as HTMLButtonElement).disabled).toBe(true);
    denied.unmount();

    renderPage(<NotificationsSettings push={fakeBrowser({ supported: false }).push} />);
    await waitFor(() => expect(state()).toBe("unsupported"));
    expect(screen.getByText("This browser cannot receive push notifications.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Enable push notifications" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("stays off when the reader refuses the browser's permission", async () => {
    const server = fakeServer();
    const browser = fakeBrowser({ answer: "denied" });
    renderPage(<NotificationsSettings push={browser.push} />);
    await waitFor(() => expect(state()).toBe("off"));
    await userEvent.click(screen.getByRole("button", { name: "Enable push notifications" }));
    await waitFor(() => expect(state()).toBe("denied"));
    expect(browser.subscribedWith).toEqual([]);
    expect(server.devices).toEqual([]);
  });

  it("lets the reader choose views while push is on, even with in-app notifications off", async () => {
    fakeServer();
    const browser = fakeBrowser();
    renderPage(<NotificationsSettings push={browser.push} />);
    await waitFor(() => expect(state()).toBe("off"));
    expect((screen.getByRole("switch", { name: "Videos" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Enable push notifications" }));
    await waitFor(() => expect((screen.getByRole("switch", { name: "Videos" }) as HTMLButtonElement).disabled).toBe(false));
  });
});
