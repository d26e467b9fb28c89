import { Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";

/** A feed's boost level (running POWER boosts), where feeds are shown to others: feed pages, Discover's ranking. */
export function BoostBadge({ boost }: { boost: { level: number; boostCount: number } | undefined }) {
  const { t } = useTranslation("app");
  if (!boost || boost.level < 1) return null;
  const label = t("power.boost.badge", { level: boost.level, count: boost.boostCount });
  return (
    <span
      className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-orange-500/10 px-1.5 py-0.5 text-[10px] font-semibold text-orange-600 dark:text-orange-400"
      title={label}
      role="img"
      aria-label={label}
      data-testid="boost-badge"
    >
      <Rocket className="size-3" aria-hidden />
      {boost.level}
    </span>
  );
}
