import { useQuery } from "@tanstack/react-query";
import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { Bell, Headphones, Image, type LucideIcon, MessageCircle, Newspaper, Sparkles, Video, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { sessionQuery } from "../../queries/session.ts";
import { useSubscriptions } from "../../store/subscriptions.store.ts";
import { openFollowDialog } from "../follow/index.ts";
import { displayKeys, isEditable, SHORTCUTS } from "../hotkeys/index.ts";
import { useModals } from "../modal/index.ts";
import { OpmlImport } from "../opml/index.ts";
import { timelinePath } from "../timeline/index.ts";
import { GUIDE_SHORTCUTS, GUIDE_STEPS, isGuideDone, markGuideDone, shouldShowGuide } from "./guide-state.ts";
import { Suggestions } from "./suggestions.tsx";

const VIEW_ICONS: Record<FeedView, LucideIcon> = { 0: Newspaper, 1: MessageCircle, 2: Image, 3: Video, 4: Headphones, 5: Bell };

/**
 * The new-user guide: on a reader's first sign-in (nothing followed, never done on this device) a
 * card in the corner walks through picking a view, bringing feeds in and the main shortcuts. It
 * never blocks the app; Escape or "Skip" ends it, and it does not come back once ended.
 */
export function NewUserGuide() {
  const { data: session } = useQuery(sessionQuery);
  const userId = session?.user.id ?? null;
  const loaded = useSubscriptions((state) => state.loaded);
  const count = useSubscriptions((state) => Object.keys(state.byKey).length);
  // Decided once per reader, when their subscriptions are known: following feeds from the guide
  // itself must not close it.
  const [decided, setDecided] = useState<{ userId: string; show: boolean } | null>(null);
  if (userId && loaded && decided?.userId !== userId) {
    setDecided({ userId, show: shouldShowGuide({ done: isGuideDone(userId), subscriptionsLoaded: loaded, subscriptionCount: count }) });
  }

  if (!userId || decided?.userId !== userId || !decided.show) return null;
  return (
    <Guide
      onEnd={() => {
        markGuideDone(userId);
        setDecided({ userId, show: false });
      }}
    />
  );
}

function Guide({ onEnd }: { onEnd: () => void }) {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const [view, setView] = useState<FeedView>(0);
  const step = GUIDE_STEPS[index]!;
  const last = index === GUIDE_STEPS.length - 1;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // A dialog opened from the guide (follow) closes first; Escape in a field only leaves the field.
      if (event.key !== "Escape" || useModals.getState().stack.length > 0 || isEditable(event.target)) return;
      onEnd();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onEnd]);

  const finish = () => {
    onEnd();
    void navigate(timelinePath(view, { kind: "all" }));
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="new-user-guide-title"
      data-testid="new-user-guide"
      className="fixed right-6 bottom-6 z-40 flex max-h-[calc(100dvh-3rem)] w-[26rem] flex-col rounded-2xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center gap-2 border-b border-zinc-100 px-5 py-3 dark:border-zinc-800">
        <Sparkles className="size-4 text-orange-500" aria-hidden />
        <h2 id="new-user-guide-title" className="flex-1 text-sm font-semibold">
          {t("onboarding.title")}
        </h2>
        <span className="text-xs text-zinc-500">{t("onboarding.step", { current: index + 1, total: GUIDE_STEPS.length })}</span>
        <button type="button" onClick={onEnd} aria-label={t("onboarding.skip")} className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-zinc-100">
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-5 py-4">
        <h3 className="text-base font-semibold">{t(`onboarding.${step}_title`)}</h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(`onboarding.${step}_description`)}</p>
        {step === "views" ? <ViewPicker value={view} onChange={setView} /> : null}
        {step === "sources" ? <Sources view={view} /> : null}
        {step === "shortcuts" ? <Shortcuts /> : null}
      </div>
      <div className="flex items-center gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
        <div className="flex flex-1 gap-1.5" aria-hidden>
          {GUIDE_STEPS.map((name, at) => (
            <span key={name} className={clsx("h-1.5 rounded-full transition-all", at === index ? "w-5 bg-orange-500" : "w-1.5 bg-zinc-300 dark:bg-zinc-700")} />
          ))}
        </div>
        {index === 0 ? (
          <button type="button" onClick={onEnd} className="rounded-lg px-3 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800">
            {t("onboarding.skip")}
          </button>
        ) : (
          <button type="button" onClick={() => setIndex(index - 1)} className="rounded-lg px-3 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800">
            {t("onboarding.back")}
          </button>
        )}
        <button
          type="button"
          onClick={last ? finish : () => setIndex(index + 1)}
          className="rounded-lg bg-orange-500 px-4 py-1.5 text-sm font-medium text-white shadow-sm hover:bg-orange-600"
        >
          {last ? t("onboarding.finish") : t("onboarding.next")}
        </button>
      </div>
    </div>
  );
}

function ViewPicker({ value, onChange }: { value: FeedView; onChange: (view: FeedView) => void }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation("app");
  return (
    <div role="radiogroup" aria-label={ta("onboarding.views_title")} className="grid grid-cols-3 gap-2">
      {FEED_VIEWS.map((view) => {
        const Icon = VIEW_ICONS[view];
        const checked = view === value;
        return (
          <button
            key={view}
            type="button"
            role="radio"
            aria-checked={checked}
            onClick={() => onChange(view)}
            className={clsx(
              "flex flex-col items-center gap-1.5 rounded-xl border px-2 py-3 text-xs font-medium transition-colors",
              checked ? "border-orange-500 bg-orange-50 text-orange-700 dark:bg-orange-500/10 dark:text-orange-300" : "border-zinc-200 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-800/60",
            )}
          >
            <Icon className="size-5" aria-hidden />
            {t(`views.${view}`)}
          </button>
        );
      })}
    </div>
  );
}

function Sources({ view }: { view: FeedView }) {
  const { t } = useTranslation("app");
  return (
    <div className="space-y-4">
      <Suggestions view={view} />
      <button
        type="button"
        onClick={() => openFollowDialog({ view })}
        className="w-full rounded-lg border border-zinc-300 px-3 py-2 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {t("onboarding.follow_by_address")}
      </button>
      <div className="space-y-1.5">
        <p className="text-xs font-medium text-zinc-500">{t("onboarding.import_opml")}</p>
        <OpmlImport />
      </div>
    </div>
  );
}

function Shortcuts() {
  // The names load with their pack; the list waits for it instead of suspending the app.
  const { t, ready } = useTranslation("shortcuts", { useSuspense: false });
  if (!ready) return null;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {GUIDE_SHORTCUTS.map((id) => {
        const keys = id === "subscription.switchTab" ? ["1", "6"] : SHORTCUTS[id].keys.slice(0, 1);
        return (
          <li key={id} className="flex items-center justify-between gap-3 py-1.5 text-sm">
            <span>{t(id)}</span>
            <span className="flex shrink-0 items-center gap-1">
              {keys.map((combo, at) => (
                <span key={combo} className="flex items-center gap-1">
                  {at > 0 ? <span className="text-xs text-zinc-400">–</span> : null}
                  {displayKeys(combo).map((name) => (
                    <kbd key={name} className="min-w-6 rounded-md border border-zinc-200 bg-zinc-50 px-1.5 py-0.5 text-center font-sans text-xs text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
                      {name}
                    </kbd>
                  ))}
                </span>
              ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
