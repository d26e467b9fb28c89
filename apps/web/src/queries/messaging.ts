import { queryOptions } from "@tanstack/react-query";
import type { MessagingDevice, MessagingRegistration, MessagingTestResult, MessagingVapidKey } from "@tidings/contracts";
import { api } from "../lib/api-client.ts";
import type { BrowserPush } from "../lib/push.ts";

export const messagingKeys = {
  all: ["messaging"] as const,
  devices: () => ["messaging", "devices"] as const,
  vapid: () => ["messaging", "vapid"] as const,
  browser: () => ["messaging", "browser"] as const,
};

/** GET /messaging: the reader's devices that receive push notifications. */
export const messagingDevicesQuery = () =>
  queryOptions({
    queryKey: messagingKeys.devices(),
    queryFn: ({ signal }) => api<MessagingDevice[]>("messaging", { signal }),
  });

/** GET /messaging/vapid: the server's key browsers subscribe with (it never changes while running). */
export const vapidKeyQuery = () =>
  queryOptions({
    queryKey: messagingKeys.vapid(),
    queryFn: ({ signal }) => api<MessagingVapidKey>("messaging/vapid", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** This browser's side: whether it can receive push, and the endpoint of its subscription. */
export const browserPushQuery = (push: BrowserPush) =>
  queryOptions({
    queryKey: messagingKeys.browser(),
    queryFn: async () => {
      const supported = await push.supported().catch(() => false);
      return { supported, endpoint: supported ? ((await push.current())?.endpoint ?? null) : null };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** The writes of `/messaging`. */
export const messagingApi = {
  devices: () => api<MessagingDevice[]>("messaging"),
  register: (registration: MessagingRegistration) => api<MessagingDevice>("messaging", { method: "POST", json: registration }),
  unregister: (endpoint: string) => api<{ removed: boolean }>("messaging", { method: "DELETE", json: { endpoint } }),
  test: () => api<MessagingTestResult>("messaging/test"),
};
