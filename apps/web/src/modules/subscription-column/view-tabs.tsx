import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import clsx from "clsx";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCount } from "../../lib/format.ts";
import { layoutActions } from "../../store/layout.store.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { selection } from "./selection.ts";
import { VIEW_TONES } from "./view-tones.ts";

/**
 * The six views as tabs (spec §1), each with the unread total of its subscriptions; the active
 * one in its colour. 1–6, Tab and ←/→ switch them too (global shortcuts).
 */
export function ViewTabs({ view, icons, unread }: { view: FeedView; icons: Record<FeedView, LucideIcon>; unread: Record<FeedView, number> }) {
  const { t } = useTranslation();
  const showCount = useUISetting("sidebarShowUnreadCount");
  return (
    <nav className="grid grid-cols-6 gap-0.5 px-2 pb-2" aria-label={t("app:shell.views")}>
      {FEED_VIEWS.map((tab) => {
        const Icon = icons[tab];
        const active = tab === view;
        const count = showCount && unread[tab] > 0 ? formatCount(unread[tab]) : null;
        return (
          <Link
            key={tab}
            to={`/timeline/view-${tab}/all`}
            title={t(`views.${tab}`)}
            aria-current={active ? "page" : undefined}
            onClick={() => {
              selection.clear();
              layoutActions.setDrawer(false);
            }}
            className={clsx(
              "flex h-11 flex-col items-center justify-center gap-0.5 rounded-md transition-colors",
              active ? [VIEW_TONES[tab].tint, VIEW_TONES[tab].text] : "text-zinc-500 hover:bg-zinc-200/60 hover:text-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-200",
            )}
          >
            <Icon className="size-[18px]" strokeWidth={active ? 2.2 : 1.8} aria-hidden />
            <span className={clsx("h-3 text-[10px] leading-3 font-medium tabular-nums", active ? "opacity-90" : "text-zinc-400 dark:text-zinc-500")} data-testid={`view-${tab}-count`}>
              {count}
            </span>
            <span className="sr-only">{t(`views.${tab}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
