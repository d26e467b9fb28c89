import { useQuery } from "@tanstack/react-query";
import { LANGUAGES } from "@tidings/i18n";
import { useTranslation } from "react-i18next";
import { SettingGroup } from "../../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../../components/settings/settings-section.tsx";
import { aiConfigQuery } from "../../../queries/ai.ts";
import { GeneralSelect, GeneralSwitch } from "../bound-settings.tsx";
import { AiProviderForm } from "./ai-provider-form.tsx";
import { AiStatus } from "./ai-status.tsx";
import { VoiceInput } from "./voice-input.tsx";

/**
 * Settings → AI: the provider in use and today's usage, the reader's own provider, and the
 * settings of summaries, translation and text-to-speech.
 */
export function AiSettings() {
  const { t } = useTranslation("settings");
  const { data: config } = useQuery(aiConfigQuery());
  const languages = [{ value: "default", label: t("general.actionLanguage_default") }, ...LANGUAGES.map((value) => ({ value: value as string, label: t(`lang:${value}`) }))];
  return (
    <SettingsSection tab="ai">
      <p className="text-sm text-zinc-500">{t("ai.intro")}</p>
      <SettingGroup title={t("ai.group_status")}>
        <AiStatus />
      </SettingGroup>
      <SettingGroup title={t("ai.group_provider")}>
        <p className="pt-1 pb-3 text-xs text-zinc-500">{t("ai.provider_description")}</p>
        <AiProviderForm />
      </SettingGroup>
      <SettingGroup title={t("ai.group_reading")}>
        <GeneralSwitch name="summary" />
        <GeneralSwitch name="translation" />
        <GeneralSelect
          name="translationMode"
          options={[
            { value: "bilingual", label: t("general.translationMode_bilingual") },
            { value: "immersive", label: t("general.translationMode_immersive") },
          ]}
        />
        <GeneralSelect name="actionLanguage" options={languages} />
      </SettingGroup>
      <SettingGroup title={t("ai.group_speech")}>
        <VoiceInput serverSpeech={config?.speech === true} />
      </SettingGroup>
    </SettingsSection>
  );
}
