import { useTranslation } from "react-i18next";
import { MAX_MULTIPLIER, POINTS_PER_STEP } from "./level.ts";
import { usePowerConfig } from "./power-config.ts";
import { CARD } from "./styles.ts";

/** How daily POWER is shared: levels from the ranking, the activity multiplier, the daily claim. */
export function LevelsExplainer() {
  const { t } = useTranslation("app");
  const { dailySupply } = usePowerConfig();
  return (
    <section aria-labelledby="power-levels-title" className={CARD}>
      <h3 id="power-levels-title" className="text-sm font-semibold">
        {t("power.levels.title")}
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>{dailySupply !== null ? t("power.levels.supply", { supply: dailySupply }) : t("power.levels.supply_unknown")}</li>
        <li>{t("power.levels.level")}</li>
        <li>{t("power.levels.activity", { step: POINTS_PER_STEP, max: MAX_MULTIPLIER })}</li>
        <li>{t("power.levels.points")}</li>
        <li>{t("power.levels.share")}</li>
        <li>{t("power.levels.kinds")}</li>
      </ul>
    </section>
  );
}
