import type { FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { CircleAlert, CloudOff, Inbox, PartyPopper, Star } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/api-client.ts";
import { settingsActions } from "../../store/settings.store.ts";
import { isGridView } from "./view-kind.ts";

function StateFrame(props: { icon: ReactNode; title: string; text?: string; children?: ReactNode; testId: string }) {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center gap-2 p-8 text-center text-zinc-500" data-testid={props.testId}>
      {props.icon}
      <p className="font-medium text-zinc-700 dark:text-zinc-300">{props.title}</p>
      {props.text ? <p className="max-w-xs text-sm">{props.text}</p> : null}
      {props.children}
    </div>
  );
}

const ACTION = "mt-2 rounded-md border border-zinc-200 px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";

/**
 * A timeline with nothing in it: "all caught up" when only unread entries are shown (with a way to
 * show the rest), no stars yet, or nothing at all yet; offline, it says so.
 */
export function EmptyState(props: { view: FeedView; unreadOnly: boolean; starred: boolean; offline: boolean }) {
  const { t } = useTranslation("app");
  if (props.offline) return <StateFrame testId="timeline-offline" icon={<CloudOff className="size-8" aria-hidden />} title={t("timeline.offline_title")} text={t("timeline.offline_description")} />;
  if (props.starred) return <StateFrame testId="timeline-empty" icon={<Star className="size-8" aria-hidden />} title={t("timeline.starred_empty_title")} text={t("timeline.starred_empty_description")} />;
  if (props.unreadOnly) {
    return (
      <StateFrame testId="timeline-caught-up" icon={<PartyPopper className="size-8 text-orange-500" aria-hidden />} title={t("timeline.caught_up_title")} text={t("timeline.caught_up_description")}>
        <button type="button" className={ACTION} onClick={() => settingsActions.setGeneral({ unreadOnly: false })}>
          {t("timeline.show_read")}
        </button>
      </StateFrame>
    );
  }
  return (
    <StateFrame
      testId="timeline-empty"
      icon={<Inbox className="size-8" aria-hidden />}
      title={t("timeline.empty_title")}
      text={t("timeline.empty_description", { view: t(`common:views.${props.view}`) })}
    />
  );
}

/** The first page failed and nothing is known locally: what went wrong, and a retry. */
export function ErrorState(props: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation("app");
  return (
    <StateFrame testId="timeline-error" icon={<CircleAlert className="size-8 text-red-500" aria-hidden />} title={t("timeline.error_title")} text={errorText(props.error)}>
      <button type="button" className={ACTION} onClick={props.onRetry}>
        {t("timeline.retry")}
      </button>
    </StateFrame>
  );
}

const bar = "rounded bg-zinc-200/80 dark:bg-zinc-800";

/** Placeholder rows while the first page loads, shaped like the view's items. */
export function LoadingSkeleton({ view }: { view: FeedView }) {
  const { t } = useTranslation("app");
  if (isGridView(view)) {
    return (
      <div className="grid animate-pulse grid-cols-[repeat(auto-fill,minmax(220px,1fr))] gap-3 p-4" aria-busy aria-label={t("timeline.loading")}>
        {Array.from({ length: 12 }, (_, i) => (
          <div key={i}>
            <div className={clsx(bar, view === 3 ? "aspect-video" : "aspect-square", "rounded-lg")} />
            <div className={clsx(bar, "mt-2 h-3 w-3/4")} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={clsx("animate-pulse", view === 1 && "mx-auto max-w-[645px]")} aria-busy aria-label={t("timeline.loading")}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex gap-3 px-4 py-3.5">
          {view === 1 ? <div className={clsx(bar, "size-8 shrink-0 rounded-full")} /> : null}
          <div className="flex-1 space-y-2">
            <div className={clsx(bar, "h-2.5 w-1/3")} />
            <div className={clsx(bar, "h-3.5 w-11/12")} />
            {view !== 5 ? <div className={clsx(bar, "h-3 w-4/5")} /> : null}
          </div>
          {view === 0 || view === 4 ? <div className={clsx(bar, "size-16 shrink-0 rounded-md")} /> : null}
        </div>
      ))}
    </div>
  );
}
