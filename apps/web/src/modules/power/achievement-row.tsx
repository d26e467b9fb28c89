import type { Achievement } from "@tidings/contracts";
import { CircleCheckBig, Hourglass, Trophy } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { toastError } from "../toast/index.ts";
import { ACHIEVEMENT_KEYS, AUDITED_ACTION_IDS } from "./achievement-catalogue.ts";
import { AuditForm } from "./audit-form.tsx";
import { usePowerActions } from "./power-api.ts";
import { PowerAmount } from "./power-ui.tsx";
import { BUTTON, HINT, PRIMARY } from "./styles.ts";

/** An achievement's localized name. */
export function useAchievementName(): (actionId: number) => string {
  const { t } = useTranslation("app");
  return (actionId) => {
    const key = ACHIEVEMENT_KEYS[actionId];
    return key ? t(`power.achievements.items.${key}.name`) : t("power.achievements.unknown", { id: actionId });
  };
}

/**
 * One achievement: its name, what it asks, its reward and progress, and what the reader can do in
 * its state: check the progress again, send the review text, or claim the reward once completed.
 */
export function AchievementRow({ achievement }: { achievement: Achievement }) {
  const { t } = useTranslation("app");
  const nameOf = useAchievementName();
  const actions = usePowerActions();
  const [pending, setPending] = useState<"check" | "claim" | null>(null);
  const key = ACHIEVEMENT_KEYS[achievement.actionId];
  const name = nameOf(achievement.actionId);
  const audited = AUDITED_ACTION_IDS.has(achievement.actionId);
  const max = Math.max(1, achievement.progressMax);
  const progress = Math.min(Math.max(0, achievement.progress), max);

  const run = async (what: "check" | "claim") => {
    setPending(what);
    try {
      if (what === "claim") {
        await actions.claimAchievement(achievement.actionId);
        toast.success(t("power.achievements.claimed", { name }));
      } else {
        const checked = await actions.checkAchievement(achievement.actionId);
        toast.success(checked.type === "completed" || checked.done ? t("power.achievements.check_done", { name }) : t("power.achievements.check_not_yet", { name, progress: checked.progress, max: checked.progressMax }));
      }
    } catch (error) {
      toastError(error);
    } finally {
      setPending(null);
    }
  };

  return (
    <li className="space-y-2 py-3" data-testid="achievement" data-action-id={achievement.actionId} data-state={achievement.type} aria-label={name}>
      <div className="flex items-start gap-3">
        <Trophy className={`mt-0.5 size-5 shrink-0 ${achievement.type === "received" ? "text-amber-500" : "text-zinc-400"}`} aria-hidden />
        <div className="min-w-0 flex-1 space-y-0.5">
          <p className="text-sm font-medium">{name}</p>
          {key ? <p className={HINT}>{t(`power.achievements.items.${key}.description`)}</p> : null}
          <p className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            {t("power.achievements.reward")} <PowerAmount units={achievement.power} />
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <StateLabel achievement={achievement} />
          {achievement.type === "completed" ? (
            <button type="button" className={PRIMARY} disabled={pending !== null} aria-busy={pending === "claim" || undefined} onClick={() => void run("claim")}>
              {t("power.achievements.claim")}
            </button>
          ) : null}
          {(achievement.type === "incomplete" || achievement.type === "checking") && !audited ? (
            <button type="button" className={BUTTON} disabled={pending !== null} aria-busy={pending === "check" || undefined} onClick={() => void run("check")}>
              {t("power.achievements.check")}
            </button>
          ) : null}
        </div>
      </div>
      <div className="flex items-center gap-2 pl-8">
        <div
          role="progressbar"
          aria-label={t("power.achievements.progress_of", { name })}
          aria-valuemin={0}
          aria-valuemax={max}
          aria-valuenow={progress}
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
        >
          <div className="h-full rounded-full bg-orange-500 transition-[width]" style={{ width: `${(progress / max) * 100}%` }} />
        </div>
        <span className="text-xs text-zinc-500 tabular-nums">
          {progress} / {max}
        </span>
      </div>
      {audited && achievement.type === "incomplete" ? <AuditForm actionId={achievement.actionId} /> : null}
    </li>
  );
}

function StateLabel({ achievement }: { achievement: Achievement }) {
  const { t } = useTranslation("app");
  if (achievement.type === "received") {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-400" title={achievement.tx ?? undefined}>
        <CircleCheckBig className="size-3.5" aria-hidden />
        {t("power.achievements.state.received")}
      </span>
    );
  }
  if (achievement.type === "checking" || achievement.type === "audit") {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400">
        <Hourglass className="size-3.5" aria-hidden />
        {t(`power.achievements.state.${achievement.type}`)}
      </span>
    );
  }
  if (achievement.type === "completed") return <span className="text-xs font-medium text-orange-600 dark:text-orange-400">{t("power.achievements.state.completed")}</span>;
  return null;
}
