import { useTranslation } from "react-i18next";
import { ColorModeSwitch } from "../theme/index.ts";
import { SettingsSection } from "./settings-section.tsx";

export function AppearanceSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="appearance">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="text-sm font-medium">{t("common:color_mode.label")}</p>
          <p className="text-xs text-zinc-500">{t("appearance.color_mode_description")}</p>
        </div>
        <ColorModeSwitch />
      </div>
    </SettingsSection>
  );
}
