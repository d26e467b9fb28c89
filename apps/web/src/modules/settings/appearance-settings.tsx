import { useTranslation } from "react-i18next";
import { SettingGroup, SettingRow } from "../../components/settings/setting-row.tsx";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { appEnv } from "../../lib/env.ts";
import { CustomizeToolbar } from "../entry-actions/index.ts";
import { ColorModeSwitch } from "../theme/index.ts";
import { UI_FONTS, UI_TEXT_SIZES } from "./appearance-options.ts";
import { UISelect, UISwitch } from "./bound-settings.tsx";
import { CustomCssEditor } from "./custom-css-editor.tsx";
import { ReaderAppearance } from "./reader-appearance.tsx";

/** Settings → Appearance: colours, sizes and fonts, lists, sidebar, dialogs, reader, toolbar, own CSS. */
export function AppearanceSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="appearance">
      <SettingGroup title={t("appearance.group_interface")}>
        <SettingRow title={t("common:color_mode.label")} description={t("appearance.color_mode_description")}>
          <ColorModeSwitch />
        </SettingRow>
        <UISelect name="uiTextSize" options={UI_TEXT_SIZES.map((value) => ({ value, label: t("appearance.pixels", { value }) }))} />
        <UISelect name="uiFontFamily" options={UI_FONTS.map(({ value, key }) => ({ value, label: t(`appearance.${key}`) }))} />
        <UISwitch name="reduceMotion" />
        <UISwitch name="usePointerCursor" />
        <UISwitch name="wideMode" />
      </SettingGroup>
      <SettingGroup title={t("appearance.group_lists")}>
        <UISelect
          name="thumbnailRatio"
          options={[
            { value: "square", label: t("appearance.thumbnailRatio_square") },
            { value: "original", label: t("appearance.thumbnailRatio_original") },
          ]}
        />
        <UISwitch name="pictureViewMasonry" />
        <UISwitch name="hideExtraBadge" />
        <UISwitch name="hideRecentReader" />
      </SettingGroup>
      <SettingGroup title={t("appearance.group_sidebar")}>
        <UISwitch name="opaqueSidebar" />
        <UISwitch name="sidebarShowUnreadCount" />
        {appEnv.isDesktop || hasAppBadge() ? <UISwitch name="showDockBadge" /> : null}
      </SettingGroup>
      <SettingGroup title={t("appearance.group_modals")}>
        <UISwitch name="modalOverlay" />
        <UISwitch name="modalDraggable" />
      </SettingGroup>
      <ReaderAppearance />
      <SettingGroup title={t("appearance.group_toolbar")}>
        <div className="-mx-4" data-testid="toolbar-order-editor">
          <CustomizeToolbar />
        </div>
      </SettingGroup>
      <CustomCssEditor />
    </SettingsSection>
  );
}

/** The installed app can badge its icon (the Badging API): the Dock badge setting applies there too. */
const hasAppBadge = () => typeof navigator !== "undefined" && "setAppBadge" in navigator;
