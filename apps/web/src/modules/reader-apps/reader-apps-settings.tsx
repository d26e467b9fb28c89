import { useTranslation } from "react-i18next";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { NewPassword } from "./new-password.tsx";
import { PasswordList } from "./password-list.tsx";
import { SetupGuide } from "./setup-guide.tsx";
import { PANEL, PANEL_TEXT, PANEL_TITLE } from "./styles.ts";

/**
 * Settings → Apps: reader apps on phones and computers sync through the Google Reader and Fever
 * APIs, signing in with app passwords made here (never the account password).
 */
export function ReaderAppsSettings() {
  const { t } = useTranslation("settings");
  return (
    <SettingsSection tab="apps">
      <p className="text-sm text-zinc-500">{t("apps.intro")}</p>
      <SetupGuide />
      <section aria-labelledby="app-passwords-title" className={PANEL}>
        <div>
          <h3 id="app-passwords-title" className={PANEL_TITLE}>
            {t("apps.passwords_title")}
          </h3>
          <p className={PANEL_TEXT}>{t("apps.passwords_description")}</p>
        </div>
        <NewPassword />
        <PasswordList />
      </section>
    </SettingsSection>
  );
}
