import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { boostersQuery } from "./power-api.ts";
import { UserAvatar, userName } from "./power-ui.tsx";
import { HINT } from "./styles.ts";

/** What each boost level brings (reference facts §5); AI summaries for a feed are not built yet. */
const BENEFITS: { level: number; keys: string[] }[] = [
  { level: 1, keys: ["badge", "owner", "achievement", "refresh"] },
  { level: 2, keys: ["refresh_more"] },
  { level: 3, keys: ["trending"] },
];

/** The readers boosting the feed now, as avatars. */
export function Boosters({ feedId }: { feedId: string }) {
  const { t } = useTranslation("app");
  const boosters = useQuery(boostersQuery(feedId));
  const people = boosters.data ?? [];
  return (
    <section className="space-y-1.5" aria-labelledby="boosters-title">
      <h3 id="boosters-title" className="text-sm font-semibold">
        {t("power.boost.boosters")}
      </h3>
      {people.length === 0 ? (
        <p className={HINT}>{boosters.isPending ? t("power.loading") : t("power.boost.no_boosters")}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={t("power.boost.boosters")}>
          {people.map((user) => (
            <li key={user.id} title={userName(user, t("power.someone"))} aria-label={userName(user, t("power.someone"))}>
              <UserAvatar user={user} size={28} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The benefits of each level, the ones the feed has reached ticked. */
export function BoostBenefits({ level }: { level: number }) {
  const { t } = useTranslation("app");
  return (
    <section className="space-y-1.5" aria-labelledby="boost-benefits-title">
      <h3 id="boost-benefits-title" className="text-sm font-semibold">
        {t("power.boost.benefits")}
      </h3>
      <ol className="space-y-2 text-sm">
        {BENEFITS.map((tier) => (
          <li key={tier.level} className="flex gap-2" data-reached={tier.level <= level || undefined}>
            <span
              className={`mt-0.5 inline-flex h-5 shrink-0 items-center rounded-full px-1.5 text-[11px] font-semibold ${tier.level <= level ? "bg-orange-500 text-white" : "bg-zinc-100 text-zinc-500 dark:bg-zinc-800"}`}
            >
              {t("power.boost.level_short", { level: tier.level })}
            </span>
            <ul className="space-y-0.5">
              {tier.keys.map((key) => (
                <li key={key} className="flex items-start gap-1.5 text-zinc-700 dark:text-zinc-300">
                  {tier.level <= level ? <Check className="mt-0.5 size-3.5 shrink-0 text-emerald-600" aria-hidden /> : <span className="w-3.5 shrink-0" />}
                  {t(`power.boost.benefit.${key}`)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
