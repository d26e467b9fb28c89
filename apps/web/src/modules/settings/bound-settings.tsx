import { useTranslation } from "react-i18next";
import type { Option } from "../../components/settings/setting-controls.tsx";
import { SelectRow, SwitchRow } from "../../components/settings/setting-row.tsx";
import { ENHANCED_GENERAL_KEYS, ENHANCED_UI_KEYS, type GeneralSettings, type UISettings } from "../../store/settings-defaults.ts";
import { effectiveGeneral, effectiveUI, settingsActions, useSettings } from "../../store/settings.store.ts";

type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T];

const ENHANCED: ReadonlySet<string> = new Set([...ENHANCED_GENERAL_KEYS, ...ENHANCED_UI_KEYS]);

/** Whether a setting only applies with enhancedSettings on (spec §4). */
export const isEnhancedKey = (key: string) => ENHANCED.has(key);

/**
 * A setting's value in force and whether it can be changed now: a setting governed by
 * enhancedSettings shows its default, disabled with a hint, while enhancedSettings is off.
 */
function useBound<K extends string>(group: "general" | "ui", key: K) {
  const { t } = useTranslation("settings");
  const enhanced = useSettings((state) => state.general.enhancedSettings);
  const value = useSettings((state) =>
    group === "general" ? effectiveGeneral(state.general)[key as keyof GeneralSettings] : effectiveUI(state.ui, state.general.enhancedSettings)[key as keyof UISettings],
  );
  const locked = !enhanced && isEnhancedKey(key);
  return { value, locked, hint: locked ? t("general.enhanced_hint") : undefined };
}

export function GeneralSwitch({ name }: { name: KeysOf<GeneralSettings, boolean> }) {
  const { value, locked, hint } = useBound("general", name);
  return <SwitchRow prefix="general" name={name} checked={value as boolean} disabled={locked} hint={hint} onChange={(checked) => settingsActions.setGeneral({ [name]: checked })} />;
}

export function UISwitch({ name }: { name: KeysOf<UISettings, boolean> }) {
  const { value, locked, hint } = useBound("ui", name);
  return <SwitchRow prefix="appearance" name={name} checked={value as boolean} disabled={locked} hint={hint} onChange={(checked) => settingsActions.setUI({ [name]: checked })} />;
}

export function GeneralSelect<K extends KeysOf<GeneralSettings, string>>({ name, options }: { name: K; options: Option<GeneralSettings[K]>[] }) {
  const { value, locked, hint } = useBound("general", name);
  return (
    <SelectRow prefix="general" name={name} value={value as GeneralSettings[K]} options={options} disabled={locked} hint={hint} onChange={(next) => settingsActions.setGeneral({ [name]: next })} />
  );
}

export function UISelect<K extends KeysOf<UISettings, string | number>>({ name, options }: { name: K; options: Option<UISettings[K]>[] }) {
  const { value, locked, hint } = useBound("ui", name);
  return <SelectRow prefix="appearance" name={name} value={value as UISettings[K]} options={options} disabled={locked} hint={hint} onChange={(next) => settingsActions.setUI({ [name]: next })} />;
}
