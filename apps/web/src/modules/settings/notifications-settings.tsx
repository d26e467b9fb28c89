import { FEED_VIEWS } from "@tidings/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { SettingGroup, SettingRow, SwitchControl } from "./setting-controls.tsx";
import { SettingsSection } from "./settings-section.tsx";

type Permission = NotificationPermission | "unsupported";
const currentPermission = (): Permission => (typeof Notification === "undefined" ? "unsupported" : Notification.permission);

/** Settings → Notifications: new-entry notifications on this device (browser permission), per view. */
export function NotificationsSettings() {
  const { t } = useTranslation("settings");
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

  const hint = permission === "denied" ? t("notifications.denied") : permission === "unsupported" ? t("notifications.unsupported") : undefined;
  return (
    <SettingsSection tab="notifications">
      <SettingGroup title={t("notifications.group_device")}>
        <SettingRow title={t("notifications.enabled")} description={t("notifications.enabled_description")} hint={hint}>
          <SwitchControl checked={enabled && permission === "granted"} disabled={permission === "unsupported"} label={t("notifications.enabled")} onChange={(on) => void toggle(on)} />
        </SettingRow>
      </SettingGroup>
      <SettingGroup title={t("notifications.group_views")}>
        {FEED_VIEWS.map((view) => (
          <SettingRow key={view} title={t(`common:views.${view}`)} description={t("notifications.view_description")}>
            <SwitchControl checked={views.includes(view)} disabled={!enabled} label={t(`common:views.${view}`)} onChange={(on) => setView(view, on)} />
          </SettingRow>
        ))}
      </SettingGroup>
    </SettingsSection>
  );
}
