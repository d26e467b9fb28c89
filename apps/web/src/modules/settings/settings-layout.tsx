import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import type { SettingsTab } from "../../components/settings/settings-tab.ts";
import { statusConfigsQuery } from "../../queries/status.ts";
import { SignOutItem } from "./sign-out-item.tsx";

/** Settings: the tab list on the left (in the order given), the chosen tab beside it. */
export function SettingsLayout({ tabs }: { tabs: readonly SettingsTab[] }) {
  const { t } = useTranslation("settings");
  const { data: configs } = useQuery(statusConfigsQuery);
  // A feature the server has not said is on stays hidden (an old server sends no flag).
  const shown = tabs.filter((tab) => !tab.requires || configs?.[tab.requires] === true);
  return (
    <div className="flex h-full">
      <nav className="w-52 shrink-0 space-y-0.5 overflow-y-auto border-r border-zinc-200 p-3 dark:border-zinc-800" aria-label={t("title")}>
        <h1 className="px-2 pb-2 text-lg font-semibold">{t("title")}</h1>
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
      <div className="min-w-0 flex-1 overflow-y-auto p-8">
        <Outlet />
      </div>
    </div>
  );
}
