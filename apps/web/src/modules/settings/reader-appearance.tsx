import { useTranslation } from "react-i18next";
import { SettingGroup } from "../../components/settings/setting-row.tsx";
import { CONTENT_FONT_SIZES, DARK_CODE_THEMES, DATE_FORMATS, LIGHT_CODE_THEMES, LINE_HEIGHTS, READER_FONTS } from "./appearance-options.ts";
import { UISelect, UISwitch } from "./bound-settings.tsx";

/** The reader's part of Settings → Appearance: fonts, sizes, dates, inline styles, code. */
export function ReaderAppearance() {
  const { t } = useTranslation("settings");
  const themes = (names: string[]) => names.map((value) => ({ value, label: value }));
  return (
    <>
      <SettingGroup title={t("appearance.group_reader")}>
        <UISelect name="readerFontFamily" options={READER_FONTS.map(({ value, key }) => ({ value, label: t(`appearance.${key}`) }))} />
        <UISelect name="contentFontSize" options={CONTENT_FONT_SIZES.map((value) => ({ value, label: t("appearance.pixels", { value }) }))} />
        <UISelect name="contentLineHeight" options={LINE_HEIGHTS.map((value) => ({ value, label: String(value) }))} />
        <UISelect name="dateFormat" options={DATE_FORMATS.map((value) => ({ value, label: value === "default" ? t("appearance.dateFormat_default") : value }))} />
        <UISwitch name="readerRenderInlineStyle" />
      </SettingGroup>
      <SettingGroup title={t("appearance.group_code")}>
        <UISelect name="codeHighlightThemeLight" options={themes(LIGHT_CODE_THEMES)} />
        <UISelect name="codeHighlightThemeDark" options={themes(DARK_CODE_THEMES)} />
        <UISwitch name="guessCodeLanguage" />
      </SettingGroup>
    </>
  );
}
