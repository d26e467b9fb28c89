import { useTranslation } from "react-i18next";
import { Logo } from "../../components/logo.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { appEnv } from "../../lib/env.ts";

export function AboutSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="about">
      <div className="flex items-center gap-3">
        <Logo className="size-12" />
        <div>
          <p className="font-semibold">{t("common:app_name")}</p>
          <p className="text-sm text-zinc-500">{t("about.version", { version: appEnv.version })}</p>
        </div>
      </div>
      <a href={appEnv.repositoryUrl} target="_blank" rel="noreferrer" className="text-sm text-orange-600 underline dark:text-orange-400">
        {t("about.source")}
      </a>
    </SettingsSection>
  );
}
