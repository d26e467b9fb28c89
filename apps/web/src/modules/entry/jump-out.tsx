import i18next, { type TFunction } from "i18next";
import { type MouseEvent, useCallback } from "react";
import { useTranslation } from "react-i18next";
import { settingsActions, useGeneralSetting } from "../../store/settings.store.ts";
import { confirm } from "../modal/index.ts";

/** Whether a URL leaves the app: an http(s) page of another origin. */
export function isExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.href);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.origin !== window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Asks before opening a page outside the app (spec: `jumpOutLinkWarn`), showing the address so a
 * misleading link text cannot hide where it goes. "Don't ask again" turns the setting off.
 * Resolves whether to go on.
 */
export async function confirmJumpOut(url: string, t: TFunction = i18next.t): Promise<boolean> {
  let dontAsk = false;
  const go = await confirm({
    title: t("app:entry.jump_title"),
    message: t("app:entry.jump_message"),
    variant: "warning",
    confirmText: t("app:entry.jump_continue"),
    children: (
      <>
        <p className="mt-2 rounded-md bg-zinc-100 px-2 py-1.5 font-mono text-xs break-all text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300" data-testid="jump-out-url">
          {url}
        </p>
        <label className="mt-3 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          <input type="checkbox" className="size-4 accent-orange-500" onChange={(event) => (dontAsk = event.currentTarget.checked)} />
          {t("app:entry.jump_dont_ask")}
        </label>
      </>
    ),
  });
  if (go && dontAsk) settingsActions.setGeneral({ jumpOutLinkWarn: false });
  return go;
}

/**
 * The click handler of links in the reader: external links open in a new tab, after the
 * jump-out warning when it is on. Links inside the app and non-web links are left to the browser.
 */
export function useJumpOut(): (url: string, event: MouseEvent<HTMLElement>) => void {
  const warn = useGeneralSetting("jumpOutLinkWarn");
  const { t } = useTranslation("app");
  return useCallback(
    (url: string, event: MouseEvent<HTMLElement>) => {
      if (!isExternalUrl(url)) return;
      event.preventDefault();
      const open = () => void window.open(url, "_blank", "noopener,noreferrer");
      if (!warn) {
        open();
        return;
      }
      void confirmJumpOut(url, t).then((go) => go && open());
    },
    [warn, t],
  );
}
