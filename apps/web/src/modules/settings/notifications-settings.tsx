import { FEED_VIEWS } from "@tidings/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SwitchControl } from "../../components/settings/setting-controls.tsx";
import { SettingGroup, SettingRow } from "../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { type BrowserPush, browserPush } from "../../lib/push.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { PushSettings } from "./push-settings.tsx";
import { usePushDevice } from "./use-push-device.ts";

type Permission = NotificationPermission | "unsupported";
const currentPermission = (): Permission => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

/**
 * Settings → Notifications: on this device, push notifications (even with the app closed) and
 * notifications while the app is open (browser permission); the views whose new entries notify.
 */
export function NotificationsSettings({ push = browserPush }: { push?: BrowserPush }) {
  const { t } = useTranslation("settings");
  const device = usePushDevice(push);
  const enabled = useSettings((state) => state.general.notificationsEnabled);
  const views = useSettings((state) => state.general.notificationsViews);
  const [permission, setPermission] = useState<Permission>(currentPermission);

  const toggle = async (on: boolean) => {
    if (!on) return settingsActions.setGeneral({ notificationsEnabled: false });
    if (permission === "unsupported") return;
    const granted = permission === "granted" ? "granted" : await Notification.requestPermission();
    setPermission(granted);
    settingsActions.setGeneral({ notificationsEnabled: granted === "granted" });
  };

  const setView = (view: number, on: boolean) =>
    settingsActions.setGeneral({ notificationsViews: on ? [...new Set([...views, view])].sort() : views.filter((v) => v !== view) });

  const hint =
    permission === "denied"
      ? t("notifications.denied")
      : permission === "unsupported"
        ? t("notifications.unsupported")
        : enabled && device.state === "on"
          ? t("notifications.push_instead")
          : undefined;
  return (
    <SettingsSection tab="notifications">
      <SettingGroup title={t("notifications.group_device")}>
        <PushSettings device={device} />
        <SettingRow title={t("notifications.enabled")} description={t("notifications.enabled_description")} hint={hint}>
          <SwitchControl checked={enabled && permission === "granted"} disabled={permission === "unsupported"} label={t("notifications.enabled")} onChange={(on) => void toggle(on)} />
        </SettingRow>
      </SettingGroup>
      <SettingGroup title={t("notifications.group_views")}>
        {FEED_VIEWS.map((view) => (
          <SettingRow key={view} title={t(`common:views.${view}`)} description={t("notifications.view_description")}>
            <SwitchControl checked={views.includes(view)} disabled={!enabled && device.state !== "on"} label={t(`common:views.${view}`)} onChange={(on) => setView(view, on)} />
          </SettingRow>
        ))}
      </SettingGroup>
    </SettingsSection>
  );
}
