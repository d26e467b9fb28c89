import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { BrowserPush } from "../../lib/push.ts";
import { browserPushQuery, messagingApi, messagingDevicesQuery, messagingKeys, vapidKeyQuery } from "../../queries/messaging.ts";
import { useSettings } from "../../store/settings.store.ts";

/**
 * Push notifications on this device: `on` when this browser's subscription is one of the reader's
 * devices on the server; `denied` when the browser blocks notifications for the site;
 * `unsupported` without a service worker and the Push API.
 */
export type PushDeviceState = "checking" | "unsupported" | "denied" | "off" | "on";

/** The state of push on this device, and the actions of Settings → Notifications on it. */
export function usePushDevice(push: BrowserPush) {
  const queryClient = useQueryClient();
  const devices = useQuery(messagingDevicesQuery());
  const { data: browser } = useQuery(browserPushQuery(push));
  const [permission, setPermission] = useState(push.permission);

  let state: PushDeviceState = "checking";
  if (browser && (!browser.supported || permission === "unsupported")) state = "unsupported";
  else if (browser && permission === "denied") state = "denied";
  else if (browser && !devices.isPending) state = browser.endpoint && devices.data?.some((device) => device.endpoint === browser.endpoint) ? "on" : "off";

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: messagingKeys.browser() }), queryClient.invalidateQueries({ queryKey: messagingKeys.devices() })]);

  return {
    state,
    /** Asks the browser's permission, subscribes with the server's key and registers this device. */
    async enable(): Promise<void> {
      const granted = permission === "granted" ? "granted" : await push.requestPermission();
      setPermission(granted);
      if (granted !== "granted") return;
      const { publicKey } = await queryClient.fetchQuery(vapidKeyQuery());
      const subscription = await push.subscribe(publicKey);
      await messagingApi.register({ subscription, channel: "web", views: [...useSettings.getState().general.notificationsViews].sort((a, b) => a - b) });
      await refresh();
    },
    /** Ends this browser's subscription and forgets the device on the server. */
    async disable(): Promise<void> {
      const endpoint = await push.unsubscribe();
      if (endpoint) await messagingApi.unregister(endpoint);
      await refresh();
    },
    sendTest: () => messagingApi.test(),
  };
}

export type PushDevice = ReturnType<typeof usePushDevice>;
