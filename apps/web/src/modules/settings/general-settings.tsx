import { DEFAULT_LANGUAGE, LANGUAGES, type Language, matchLanguage } from "@tidings/i18n";
import { useTranslation } from "react-i18next";
import { SelectRow, SettingGroup, SwitchRow } from "../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { appEnv } from "../../lib/env.ts";
import { changeLanguage } from "../../lib/i18n.ts";
import { settingsActions, useSettings } from "../../store/settings.store.ts";
import { InstallAppSection } from "../pwa/index.ts";
import { GeneralSelect, GeneralSwitch } from "./bound-settings.tsx";

function LanguagePicker() {
  const { t, i18n } = useTranslation(["settings", "lang"]);
  // The language in use (from ?lng=, this device's choice or the browser), not only a stored one.
  const language = matchLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
  const options = LANGUAGES.map((value) => ({ value: value as string, label: t(`lang:${value}`) }));
  return (
    <SelectRow
      prefix="general"
      name="language"
      testId="language-select"
      value={language as string}
      options={options}
      onChange={(value) => {
        settingsActions.setGeneral({ language: value });
        void changeLanguage(value as Language);
      }}
    />
  );
}

function EnhancedSwitch() {
  const enhanced = useSettings((state) => state.general.enhancedSettings);
  return <SwitchRow prefix="general" name="enhancedSettings" checked={enhanced} onChange={(enhancedSettings) => settingsActions.setGeneral({ enhancedSettings })} />;
}

/** Settings → General: language, installing the web app, timeline, reading and the enhanced settings switch (the AI helpers have their own tab). */
export function GeneralSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="general">
      <SettingGroup title={t("general.group_app")}>
        <LanguagePicker />
        <GeneralSelect
          name="startupScreen"
          options={[
            { value: "timeline", label: t("general.startupScreen_timeline") },
            { value: "subscription", label: t("general.startupScreen_subscription") },
          ]}
        />
        {appEnv.isDesktop ? <GeneralSwitch name="appLaunchOnStartup" /> : null}
        {appEnv.isDesktop ? <GeneralSwitch name="openLinksInExternalApp" /> : null}
        <GeneralSwitch name="jumpOutLinkWarn" />
      </SettingGroup>
      {/* The desktop app is installed already; the browser's install offer is for the web app. */}
      {appEnv.isDesktop ? null : <InstallAppSection />}
      <SettingGroup title={t("general.group_timeline")}>
        <GeneralSwitch name="unreadOnly" />
        <GeneralSwitch name="groupByDate" />
        <GeneralSwitch name="autoExpandLongSocialMedia" />
        <GeneralSwitch name="showQuickTimeline" />
      </SettingGroup>
      <SettingGroup title={t("general.group_mark_read")}>
        <GeneralSwitch name="scrollMarkUnread" />
        <GeneralSwitch name="hoverMarkUnread" />
        <GeneralSwitch name="renderMarkUnread" />
      </SettingGroup>
      <SettingGroup title={t("general.group_advanced")}>
        <EnhancedSwitch />
      </SettingGroup>
    </SettingsSection>
  );
}
