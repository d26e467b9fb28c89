import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { statusConfigsQuery } from "../../queries/status.ts";
import { SignOutItem } from "./sign-out-item.tsx";

/**
 * Settings: the tab list on the left (in the order given), the chosen tab beside it. On a phone
 * (the installed app too) the list is a strip above the tab that scrolls sideways.
 */
export function SettingsLayout({ tabs }: { tabs: readonly SettingsTab[] }) {
  const { t } = useTranslation("settings");
  const { data: configs } = useQuery(statusConfigsQuery);
  // A feature the server has not said is on stays hidden (an old server sends no flag).
  const shown = tabs.filter((tab) => !tab.requires || configs?.[tab.requires] === true);
  return (
    <div className="flex h-full flex-col md:flex-row">
      <nav
        className="flex shrink-0 items-center gap-1 overflow-x-auto border-b border-zinc-200 p-2 whitespace-nowrap md:block md:w-52 md:space-y-0.5 md:overflow-y-auto md:border-r md:border-b-0 md:p-3 dark:border-zinc-800"
        aria-label={t("title")}
      >
        <h1 className="px-2 text-lg font-semibold md:pb-2">{t("title")}</h1>
        {shown.map((tab) => (
          <NavLink
            key={tab.id}
            to={`/settings/${tab.id}`}
            className={({ isActive }) =>
              `block rounded-md px-2 py-1.5 text-sm ${isActive ? "bg-zinc-200 font-medium dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60"}`
            }
          >
            {t(`tabs.${tab.id}`)}
          </NavLink>
        ))}
        <SignOutItem />
      </nav>
      <div className="min-h-0 min-w-0 flex-1 overflow-y-auto p-4 md:p-8">
        <Outlet />
      </div>
    </div>
  );
}
