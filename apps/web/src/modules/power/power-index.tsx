import { Trophy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { BalanceCard } from "./balance-card.tsx";
import { LevelsExplainer } from "./levels-explainer.tsx";
import { openAchievementsDialog } from "./open-achievements.tsx";
import { OwnedFeeds } from "./owned-feeds.tsx";
import { PowerGate } from "./power-gate.tsx";
import { RankingTable } from "./ranking-table.tsx";
import { BUTTON } from "./styles.ts";
import { TransactionsTable } from "./transactions-table.tsx";

/** The `/power` page: balance and daily claim, the reader's feeds, history, ranking and how levels work. */
export function PowerIndex() {
  const { t } = useTranslation("app");
  return (
    <div className="mx-auto max-w-5xl space-y-4" data-testid="power-index">
      <PowerGate>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-4">
            <BalanceCard />
            <div className="flex justify-end">
              <button type="button" className={BUTTON} onClick={openAchievementsDialog}>
                <Trophy className="size-3.5" aria-hidden />
                {t("power.achievements.title")}
              </button>
            </div>
            <OwnedFeeds />
          </div>
          <LevelsExplainer />
        </div>
        <TransactionsTable />
        <RankingTable />
      </PowerGate>
    </div>
  );
}
