import { useQuery } from "@tanstack/react-query";
import { LogOut, Settings, Trophy, Wallet, Zap } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sessionQuery } from "../../queries/session.ts";
import { useSignOut } from "../auth/index.ts";
import { openAchievementsDialog, usePowerEnabled } from "../power/boot.ts";
import { SyncIndicator } from "./sync-indicator.tsx";

const ICON_BUTTON = "rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 dark:hover:bg-zinc-800";

/** The signed-in account at the foot of the sidebar, with actions, POWER, achievements, settings and sign-out. */
export function UserMenu() {
  const { t } = useTranslation("app");
  const { data: session } = useQuery(sessionQuery);
  const signOut = useSignOut();
  const power = usePowerEnabled();
  if (!session) return null;
  const initials = (session.user.name || session.user.email).slice(0, 2).toUpperCase();
  return (
    <div className="space-y-2 border-t border-zinc-200 p-3 dark:border-zinc-800">
      <Link to="/settings/profile" className="-m-1 flex items-center gap-2 rounded-lg p-1 hover:bg-zinc-200/60 dark:hover:bg-zinc-800" title={t("shell.profile")}>
        {session.user.image ? (
          <img src={session.user.image} alt="" referrerPolicy="no-referrer" className="size-8 shrink-0 rounded-full object-cover" />
        ) : (
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-orange-100 text-xs font-semibold text-orange-700 dark:bg-orange-900/40 dark:text-orange-300">
            {initials}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" data-testid="account-name">
            {session.user.name}
          </p>
          <p className="truncate text-xs text-zinc-500">{session.user.email}</p>
        </div>
      </Link>
      <div className="flex items-center justify-between">
        <SyncIndicator />
        <div className="flex gap-1">
          <Link to="/action" className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 dark:hover:bg-zinc-800" title={t("pages.action")}>
            <Zap className="size-4" aria-hidden />
            <span className="sr-only">{t("pages.action")}</span>
          </Link>
          {power ? (
            <>
              <Link to="/power" className={ICON_BUTTON} title={t("pages.power")}>
                <Wallet className="size-4" aria-hidden />
                <span className="sr-only">{t("pages.power")}</span>
              </Link>
              <button type="button" onClick={openAchievementsDialog} className={ICON_BUTTON} title={t("power.achievements.title")}>
                <Trophy className="size-4" aria-hidden />
                <span className="sr-only">{t("power.achievements.title")}</span>
              </button>
            </>
          ) : null}
          <Link to="/settings" className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 dark:hover:bg-zinc-800" title={t("shell.settings")}>
            <Settings className="size-4" aria-hidden />
            <span className="sr-only">{t("shell.settings")}</span>
          </Link>
          <button
            type="button"
            onClick={() => void signOut()}
            className="rounded-md p-1.5 text-zinc-500 hover:bg-zinc-200 dark:hover:bg-zinc-800"
            title={t("auth.sign_out")}
          >
            <LogOut className="size-4" aria-hidden />
            <span className="sr-only">{t("auth.sign_out")}</span>
          </button>
        </div>
      </div>
    </div>
  );
}
