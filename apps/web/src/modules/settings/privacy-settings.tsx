import { useTranslation } from "react-i18next";
import { SettingGroup } from "../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { GeneralSwitch } from "./bound-settings.tsx";

/** Settings → Privacy: usage data and error reports, and exactly what they contain. */
export function PrivacySettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="privacy">
      <SettingGroup title={t("privacy.group_data")}>
        <GeneralSwitch name="sendAnonymousData" />
      </SettingGroup>
      <div className="space-y-2 rounded-lg bg-zinc-50 p-4 text-sm text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
        <p className="font-medium text-zinc-800 dark:text-zinc-200">{t("privacy.what_title")}</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t("privacy.what_usage")}</li>
          <li>{t("privacy.what_errors")}</li>
          <li>{t("privacy.what_never")}</li>
        </ul>
        <p>{t("privacy.account_hint")}</p>
      </div>
    </SettingsSection>
  );
}
