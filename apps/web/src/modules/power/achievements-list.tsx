import { useQuery } from "@tanstack/react-query";
import type { Achievement } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { AchievementRow } from "./achievement-row.tsx";
import { achievementsQuery } from "./power-api.ts";
import { ProblemText, useErrorText } from "./power-ui.tsx";
import { HINT } from "./styles.ts";

/** What to do first: rewards to claim, then work in progress, then what is done. */
const ORDER: Record<Achievement["type"], number> = { completed: 0, incomplete: 1, checking: 2, audit: 3, received: 4 };

/** Every achievement with its progress, and how many are done (the Achievements dialog, Settings → Power). */
export function AchievementsList() {
  const { t } = useTranslation("app");
  const errorText = useErrorText();
  const query = useQuery(achievementsQuery);
  if (query.isPending) return <p className={HINT}>{t("power.loading")}</p>;
  if (query.isError) return <ProblemText>{errorText(query.error)}</ProblemText>;
  const { achievements, done, total } = query.data;
  const sorted = [...achievements].sort((a, b) => ORDER[a.type] - ORDER[b.type] || a.actionId - b.actionId);
  return (
    <div className="space-y-1" data-testid="achievements">
      <p className={HINT} data-testid="achievements-done">
        {t("power.achievements.done_of", { done, total })}
      </p>
      {sorted.length === 0 ? (
        <p className={HINT}>{t("power.achievements.none")}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t("power.achievements.title")}>
          {sorted.map((achievement) => (
            <AchievementRow key={achievement.actionId} achievement={achievement} />
          ))}
        </ul>
      )}
    </div>
  );
}
