import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SettingGroup } from "../../components/settings/setting-row.tsx";
import { settingsActions, useSettings } from "../../store/settings.store.ts";

/** The person's own CSS: applied to the whole app and the reader as it is typed. */
export function CustomCssEditor() {
  const { t } = useTranslation("settings");
  const id = useId();
  const css = useSettings((state) => state.ui.customCSS);
  return (
    <SettingGroup title={t("appearance.group_custom_css")}>
      <div className="space-y-2 py-3">
        <label htmlFor={id} className="text-sm font-medium">
          {t("appearance.customCSS")}
        </label>
        <p className="text-xs text-zinc-500">{t("appearance.customCSS_description")}</p>
        <textarea
          id={id}
          value={css}
          spellCheck={false}
          rows={8}
          placeholder={t("appearance.customCSS_placeholder")}
          onChange={(event) => settingsActions.setUI({ customCSS: event.target.value })}
          className="w-full rounded-lg border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
    </SettingGroup>
  );
}
