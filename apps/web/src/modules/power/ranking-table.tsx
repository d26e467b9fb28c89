import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sessionQuery } from "../../queries/session.ts";
import { rankingQuery } from "./power-api.ts";
import { PowerAmount, ProblemText, UserAvatar, useErrorText, userName } from "./power-ui.tsx";
import { CARD, HINT } from "./styles.ts";

const HEAD = "px-2 py-2 font-medium whitespace-nowrap";
const CELL = "px-2 py-1.5";

/** The top 100 readers by POWER: rank, name, level and balance; the reader's own row marked. */
export function RankingTable() {
  const { t } = useTranslation("app");
  const errorText = useErrorText();
  const { data: session } = useQuery(sessionQuery);
  const ranking = useQuery(rankingQuery);
  const rows = ranking.data ?? [];
  return (
    <section aria-labelledby="power-ranking-title" className={CARD}>
      <h3 id="power-ranking-title" className="text-sm font-semibold">
        {t("power.ranking.title")}
      </h3>
      {ranking.isPending ? <p className={HINT}>{t("power.loading")}</p> : null}
      {ranking.isError ? <ProblemText>{errorText(ranking.error)}</ProblemText> : null}
      {ranking.isSuccess && rows.length === 0 ? <p className={HINT}>{t("power.ranking.none")}</p> : null}
      {rows.length ? (
        <div className="max-h-[28rem] overflow-auto">
          <table className="w-full text-left text-sm" aria-label={t("power.ranking.title")}>
            <thead className="sticky top-0 bg-white text-xs text-zinc-500 dark:bg-zinc-900">
              <tr>
                <th className={HEAD}>{t("power.ranking.rank")}</th>
                <th className={HEAD}>{t("power.ranking.name")}</th>
                <th className={HEAD}>{t("power.ranking.level")}</th>
                <th className={`${HEAD} text-right`}>{t("power.ranking.power")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {rows.map((row) => {
                const mine = row.userId === session?.user.id;
                return (
                  <tr key={row.userId} className={mine ? "bg-orange-500/5 font-medium" : undefined} aria-current={mine || undefined}>
                    <td className={`${CELL} text-zinc-500 tabular-nums`}>{row.rank}</td>
                    <td className={CELL}>
                      <span className="flex items-center gap-2">
                        <UserAvatar user={row.user} size={20} />
                        <span className="truncate" data-user-content>
                          {userName(row.user, t("power.someone"))}
                        </span>
                        {mine ? <span className="text-xs text-orange-600 dark:text-orange-400">{t("power.history.you")}</span> : null}
                      </span>
                    </td>
                    <td className={CELL}>{row.level === undefined ? "–" : t("power.balance.level", { level: row.level })}</td>
                    <td className={`${CELL} text-right`}>
                      <PowerAmount units={row.powerToken} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
