import * as Tooltip from "@radix-ui/react-tooltip";
import type { FeedView } from "@tidings/contracts";
import { CheckCheck, Circle, CircleDot, Folder, LayoutDashboard, LayoutGrid, Menu, RotateCw, Sparkles, Star } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { formatCount } from "../../lib/format.ts";
import { layoutActions } from "../../store/layout.store.ts";
import { settingsActions, useGeneralSetting, useUISetting } from "../../store/settings.store.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { sumUnread, useUnread } from "../../store/unread.store.ts";
import { openDailyReport } from "../ai/index.ts";
import { confirmMarkAllRead } from "../mark-all/index.ts";
import { HeaderButton } from "./header-button.tsx";
import { markAllScopeFor, type TimelineTarget, targetSourceKeys } from "./route-selector.ts";
import { useTimelineTitle } from "./use-timeline-title.ts";
import { VIEW_ICON } from "./view-icon.ts";

/** Views whose header offers the AI daily report (facts §7: Articles and SocialMedia). */
const isDailyView = (view: FeedView): view is 0 | 1 => view === 0 || view === 1;

/** Flips "unread only" (spec §3 general setting, key U). */
export function toggleUnreadOnly(current: boolean): void {
  settingsActions.setGeneral({ unreadOnly: !current });
}

/**
 * The entry list header (spec §2 "entry list header"): the timeline's icon, name and unread count,
 * then mark all read, unread only, refetch, grid/masonry for Pictures, and the daily report.
 */
export function TimelineHeader(props: { view: FeedView; target: TimelineTarget; refreshing: boolean; onRefetch: () => void; mobile: boolean }) {
  const { view, target } = props;
  const { t } = useTranslation("app");
  const { title, source } = useTimelineTitle(view, target);
  const byKey = useSubscriptions((state) => state.byKey);
  const subscriptions = useMemo(() => Object.values(byKey), [byKey]);
  const keys = useMemo(() => targetSourceKeys(target, subscriptions, view), [target, subscriptions, view]);
  const unread = useUnread((state) => sumUnread(state.counts, keys));
  const unreadOnly = useGeneralSetting("unreadOnly");
  const excludePrivate = useGeneralSetting("hidePrivateSubscriptionsInTimeline");
  const masonry = useUISetting("pictureViewMasonry");
  const scope = markAllScopeFor(target, view, subscriptions, { excludePrivate });
  const ViewIcon = VIEW_ICON[view];

  const icon = source ? (
    <FeedIcon image={source.image} siteUrl={"siteUrl" in source ? source.siteUrl : null} url={"url" in source ? source.url : null} title={title} size={20} />
  ) : target.kind === "starred" ? (
    <Star className="size-5 shrink-0 fill-amber-400 text-amber-500" aria-hidden />
  ) : target.kind === "folder" ? (
    <Folder className="size-5 shrink-0 text-zinc-500" aria-hidden />
  ) : (
    <ViewIcon className="size-5 shrink-0 text-orange-500" aria-hidden />
  );

  return (
    <Tooltip.Provider delayDuration={400}>
      <header className="flex h-12 shrink-0 items-center gap-2 border-b border-zinc-200 pr-2 pl-4 dark:border-zinc-800">
        {props.mobile ? (
          <button
            type="button"
            className="-ml-2 inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            aria-label={t("timeline.open_subscriptions")}
            onClick={() => layoutActions.setDrawer(true)}
          >
            <Menu className="size-5" aria-hidden />
          </button>
        ) : null}
        {icon}
        <div className="flex min-w-0 flex-1 items-baseline gap-2">
          <h1 className="truncate font-semibold" data-testid="timeline-title" title={title}>
            {title}
          </h1>
          {unread > 0 && target.kind !== "starred" ? (
            <span className="shrink-0 text-xs text-zinc-500 tabular-nums" data-testid="timeline-unread" title={t("timeline.unread_count", { count: unread })}>
              {formatCount(unread)}
            </span>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center">
          {isDailyView(view) ? <HeaderButton icon={Sparkles} label={t("timeline.daily_report")} testId="daily-report-button" onClick={() => openDailyReport(view)} /> : null}
          {view === 2 ? (
            <HeaderButton
              icon={masonry ? LayoutDashboard : LayoutGrid}
              label={masonry ? t("timeline.switch_to_grid") : t("timeline.switch_to_masonry")}
              onClick={() => settingsActions.setUI({ pictureViewMasonry: !masonry })}
            />
          ) : null}
          {target.kind !== "starred" ? (
            <HeaderButton
              icon={unreadOnly ? CircleDot : Circle}
              label={unreadOnly ? t("timeline.show_all") : t("timeline.unread_only")}
              shortcut="timeline.unreadOnly"
              active={unreadOnly}
              testId="timeline-unread-only"
              onClick={() => toggleUnreadOnly(unreadOnly)}
            />
          ) : null}
          <HeaderButton icon={RotateCw} label={t("timeline.refetch")} shortcut="timeline.refetch" spinning={props.refreshing} onClick={props.onRefetch} />
          {scope ? (
            <HeaderButton icon={CheckCheck} label={t("timeline.mark_all_read")} shortcut="subscription.markAllRead" onClick={() => void confirmMarkAllRead(scope, title)} />
          ) : null}
        </div>
      </header>
    </Tooltip.Provider>
  );
}
