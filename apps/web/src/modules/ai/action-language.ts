import { DEFAULT_LANGUAGE, type Language, matchLanguage } from "@tidings/i18n";
import { useTranslation } from "react-i18next";
import { useGeneralSetting } from "../../store/settings.store.ts";

/** The language AI helpers write in: the `actionLanguage` setting, or the interface's when it says "default". */
export function resolveActionLanguage(setting: string, interfaceLanguage: string | undefined): Language {
  if (setting !== "default") {
    const chosen = matchLanguage(setting);
    if (chosen) return chosen;
  }
  return matchLanguage(interfaceLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language summaries and translations are asked in (hook). */
export function useActionLanguage(): Language {
  const { i18n } = useTranslation();
  const setting = useGeneralSetting("actionLanguage");
  return resolveActionLanguage(setting, i18n.resolvedLanguage ?? i18n.language);
}
