import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { SettingGroup, SettingRow } from "../../components/settings/setting-row.tsx";
import { captureInstallPrompt, type InstallPrompt } from "./install-prompt.ts";

const PRIMARY = "shrink-0 rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600 disabled:opacity-50";

/** iPhone and iPad (iPadOS reports a Mac with a touch screen): installing goes through Safari's Share menu. */
export function isAppleMobile(nav: Pick<Navigator, "userAgent" | "maxTouchPoints">): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(nav.userAgent) || (/\bMacintosh\b/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

/**
 * Settings → General, "Install app": the browser's install dialog when it offered one, "Installed"
 * in the installed app, else how to install from the browser's menu (Safari on iOS: Share → Add to
 * Home Screen).
 */
export function InstallAppSection({ install = captureInstallPrompt() }: { install?: InstallPrompt }) {
  const { t } = useTranslation("settings");
  const state = useSyncExternalStore(install.subscribe, install.state);
  const hint = state === "manual" ? t(isAppleMobile(navigator) ? "general.install_hint_ios" : "general.install_hint") : undefined;
  return (
    <SettingGroup title={t("general.group_install")}>
      <div data-testid="install-app" data-state={state}>
        <SettingRow title={t("general.install")} description={t("general.install_description")}>
          {state === "available" ? (
            <button type="button" className={PRIMARY} onClick={() => void install.prompt()}>
              {t("general.install_button")}
            </button>
          ) : state === "installed" ? (
            <p role="status" className="shrink-0 text-sm text-zinc-500">
              {t("general.install_installed")}
            </p>
          ) : null}
        </SettingRow>
        {hint ? <p className="-mt-1 pb-3 text-xs text-zinc-500">{hint}</p> : null}
      </div>
    </SettingGroup>
  );
}
