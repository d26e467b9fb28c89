import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { type EntryActionId, useEntryActions } from "../../entry-actions/index.ts";
import { useTimelineContext } from "../timeline-context.ts";

/** The actions a hovered social post offers at a glance (facts §7 floating action bar). */
const BAR_ACTIONS: EntryActionId[] = ["star", "read", "openInBrowser", "copyLink"];

/** A small floating bar over a hovered post: star, read/unread, open, copy link. Mounted only on hover. */
export function SocialActionBar({ id }: { id: string }) {
  const { t } = useTranslation("app");
  const { view, readAbove, readBelow } = useTimelineContext();
  const { all } = useEntryActions(id, { view, onReadAbove: () => readAbove(id), onReadBelow: () => readBelow(id) });
  const actions = BAR_ACTIONS.flatMap((actionId) => all.filter((action) => action.id === actionId && !action.hidden));
  if (actions.length === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label={t("timeline.post_actions")}
      className="absolute -top-3.5 right-3 z-10 flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white p-0.5 shadow-md dark:border-zinc-700 dark:bg-zinc-900"
    >
      {actions.map((action) => {
        const Icon = action.icon;
        return (
          <button
            key={action.id}
            type="button"
            title={action.label}
            aria-label={action.label}
            aria-pressed={action.id === "star" || action.id === "read" ? action.active === true : undefined}
            className={clsx(
              "inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
              action.id === "star" && action.active && "text-amber-500",
            )}
            onClick={(event) => {
              event.stopPropagation();
              void action.run();
            }}
          >
            <Icon className={clsx("size-4", action.id === "star" && action.active && "fill-amber-400")} aria-hidden />
          </button>
        );
      })}
    </div>
  );
}
