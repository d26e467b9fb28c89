import clsx from "clsx";
import { CheckCheck } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { markAllRead, type MarkAllScope } from "../../actions/mark-all.actions.ts";
import { formatDay } from "../../lib/format.ts";
import { dayWindow } from "./group-by-date.ts";

/**
 * A day heading of a grouped timeline ("Today", "Yesterday", "Monday, March 3"), with a button
 * that marks that day's entries of this timeline read (facts §7 per-day "mark as read").
 */
export const DayHeader = memo(function DayHeader(props: { day: number; scope: MarkAllScope | null; floating?: boolean }) {
  const { t, i18n } = useTranslation("app");
  const { scope, day } = props;
  const label = formatDay(day, undefined, i18n.language);
  return (
    <div
      className={clsx(
        "group/day flex h-9 items-center justify-between gap-2 px-4 text-xs font-semibold text-zinc-500 dark:text-zinc-400",
        props.floating ? "bg-white/95 shadow-[0_1px_0_0] shadow-zinc-200 backdrop-blur dark:bg-zinc-950/95 dark:shadow-zinc-800" : "bg-transparent",
      )}
      data-testid={props.floating ? undefined : "timeline-day"}
    >
      <span className="truncate">{label.charAt(0).toLocaleUpperCase(i18n.language) + label.slice(1)}</span>
      {scope ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 font-medium text-zinc-400 opacity-70 transition hover:bg-zinc-100 hover:text-zinc-700 group-hover/day:opacity-100 focus-visible:opacity-100 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
          onClick={() => void markAllRead({ ...scope, ...dayWindow(day) }).catch(() => undefined)}
        >
          <CheckCheck className="size-3.5" aria-hidden />
          {t("timeline.mark_day_read")}
        </button>
      ) : null}
    </div>
  );
});
