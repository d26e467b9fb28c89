import type { i18n as I18n } from "i18next";
import { navigateTo } from "../../lib/navigation.ts";
import { type BrowserPush, browserPush, type PushStrings, sendPushStrings } from "../../lib/push.ts";
import { messagingApi } from "../../queries/messaging.ts";
import { useSettings } from "../../store/settings.store.ts";

/**
 * The service worker's texts in `i18n`'s language (its `settings` strings loaded): `{{count}}` is
 * left for the worker to fill in. Null while those strings are missing (a language pack that did
 * not load): the worker then keeps what it has.
 */
export function pushStrings(i18n: Pick<I18n, "t" | "exists" | "language">): PushStrings | null {
  const language = i18n.language || "en";
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const key = (form: string) => `settings:notifications.new_entries_${form}`;
  if (!i18n.exists(key("other")) || !i18n.exists("settings:notifications.push_test_body")) return null;
  return {
    language,
    newEntries: Object.fromEntries(forms.filter((form) => i18n.exists(key(form))).map((form) => [form, i18n.t(key(form), { count: "{{count}}" as unknown as number })])),
    test: i18n.t("settings:notifications.push_test_body"),
  };
}

/**
 * When this browser's push subscription belongs to the reader on the server, sends it again with
 * the views they chose (a change here, or one synced from another device). Answers the views the
 * server now has for it (null: not this reader's device, or no subscription).
 */
export async function syncPushViews(push: BrowserPush, fetchDevices: () => Promise<{ endpoint: string; views: number[] }[]>, views: readonly number[]): Promise<number[] | null> {
  const subscription = await push.current();
  if (!subscription) return null;
  const mine = (await fetchDevices()).find((device) => device.endpoint === subscription.endpoint);
  if (!mine) return null;
  const wanted = [...views].sort((a, b) => a - b);
  if (mine.views.length === wanted.length && mine.views.every((view, i) => view === wanted[i])) return mine.views;
  return (await messagingApi.register({ subscription, channel: "web", views: wanted })).views;
}

/**
 * Links the page and the service worker for push notifications, for a signed-in reader: the
 * worker gets its texts in the reader's language (again when it changes); a notification clicked
 * while a tab is open navigates that tab; this device's views on the server follow the reader's
 * choice. Answers the function that stops it.
 */
export function startPushLink(i18n: I18n, push: BrowserPush = browserPush): () => void {
  const strings = () =>
    void i18n
      .loadNamespaces("settings")
      .then(async () => {
        const texts = pushStrings(i18n);
        if (texts) await sendPushStrings(texts);
      })
      .catch(() => undefined);
  strings();
  i18n.on("languageChanged", strings);
  const onMessage = (event: MessageEvent<{ type?: string; url?: string }>) => {
    if (event.data?.type === "navigate" && typeof event.data.url === "string" && event.data.url.startsWith("/")) navigateTo(event.data.url);
  };
  navigator.serviceWorker?.addEventListener("message", onMessage);
  const sync = (views: readonly number[]) => void syncPushViews(push, messagingApi.devices, views).catch(() => undefined);
  sync(useSettings.getState().general.notificationsViews);
  const stopViews = useSettings.subscribe((state, previous) => {
    if (state.general.notificationsViews !== previous.general.notificationsViews) sync(state.general.notificationsViews);
  });
  return () => {
    i18n.off("languageChanged", strings);
    navigator.serviceWorker?.removeEventListener("message", onMessage);
    stopViews();
  };
}
