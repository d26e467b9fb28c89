import { ArrowUpRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { AchievementsList } from "./achievements-list.tsx";
import { BalanceCard } from "./balance-card.tsx";
import { PowerGate } from "./power-gate.tsx";

/** Settings → Power: the balance with the daily claim, a way to the `/power` page, and the achievements. */
export function PowerSettings() {
  const { t } = useTranslation("app");
  return (
    <SettingsSection tab="power">
      <PowerGate>
        <BalanceCard />
        <Link to="/power" className="inline-flex items-center gap-1 text-sm font-medium text-orange-600 hover:underline dark:text-orange-400">
          {t("power.open_page")}
          <ArrowUpRight className="size-3.5" aria-hidden />
        </Link>
        <section aria-labelledby="power-settings-achievements" className="space-y-2">
          <h3 id="power-settings-achievements" className="text-sm font-semibold">
            {t("power.achievements.title")}
          </h3>
          <AchievementsList />
        </section>
      </PowerGate>
    </SettingsSection>
  );
}
