import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { PowerTransaction, PowerTransactionType } from "@tidings/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { sessionQuery } from "../../queries/session.ts";
import { transactionsQuery } from "./power-api.ts";
import { PowerAmount, ProblemText, useErrorText, userName } from "./power-ui.tsx";
import { BUTTON, CARD, CHIP, CHIP_OFF, CHIP_ON, HINT } from "./styles.ts";

/** The history's filter (reference facts §5): all, or one type. Burns show under All only. */
export const TRANSACTION_FILTERS = ["all", "mint", "purchase", "tip", "withdraw", "airdrop"] as const;
type Filter = (typeof TRANSACTION_FILTERS)[number];

const HEAD = "px-2 py-2 font-medium whitespace-nowrap";
const CELL = "px-2 py-2 align-top";

/** "0x12ab…cdef": enough of a hash to tell two apart. */
export const shortHash = (hash: string): string => (hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash);

/** The reader's transactions, newest first, one type or all, a page at a time. */
export function TransactionsTable() {
  const { t } = useTranslation("app");
  const errorText = useErrorText();
  const { data: session } = useQuery(sessionQuery);
  const userId = session?.user.id;
  const [filter, setFilter] = useState<Filter>("all");
  const query = useInfiniteQuery({
    ...transactionsQuery({ ...(filter === "all" ? {} : { type: filter as PowerTransactionType }), ...(userId ? { fromOrToUserId: userId } : {}) }),
    enabled: Boolean(userId),
  });
  const rows = query.data?.pages.flatMap((page) => page.data ?? []) ?? [];

  return (
    <section aria-labelledby="power-history-title" className={CARD}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="power-history-title" className="flex-1 text-sm font-semibold">
          {t("power.history.title")}
        </h3>
        <div role="group" aria-label={t("power.history.filter")} className="flex flex-wrap gap-1.5">
          {TRANSACTION_FILTERS.map((option) => (
            <button key={option} type="button" aria-pressed={filter === option} className={`${CHIP} ${filter === option ? CHIP_ON : CHIP_OFF}`} onClick={() => setFilter(option)}>
              {t(`power.history.types.${option}`)}
            </button>
          ))}
        </div>
      </div>
      {query.isError ? <ProblemText>{errorText(query.error)}</ProblemText> : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={t("power.history.table")}>
          <thead className="text-xs text-zinc-500">
            <tr>
              <th className={HEAD}>{t("power.history.type")}</th>
              <th className={HEAD}>{t("power.history.amount")}</th>
              <th className={HEAD}>{t("power.history.from")}</th>
              <th className={HEAD}>{t("power.history.to")}</th>
              <th className={HEAD}>{t("power.history.date")}</th>
              <th className={HEAD}>{t("power.history.hash")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {rows.map((row) => (
              <TransactionRow key={row.hash} row={row} userId={userId} />
            ))}
          </tbody>
        </table>
      </div>
      {query.isPending && userId ? <p className={HINT}>{t("power.loading")}</p> : null}
      {query.isSuccess && rows.length === 0 ? <p className={`py-4 text-center ${HINT}`}>{t("power.history.none")}</p> : null}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <button type="button" className={BUTTON} disabled={query.isFetchingNextPage} aria-busy={query.isFetchingNextPage || undefined} onClick={() => void query.fetchNextPage()}>
            {t("power.history.load_more")}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function TransactionRow({ row, userId }: { row: PowerTransaction; userId: string | undefined }) {
  const { t, i18n } = useTranslation("app");
  const person = (id: string | null, user: PowerTransaction["fromUser"]) =>
    id === null ? t("power.history.instance") : id === userId ? t("power.history.you") : userName(user, t("power.someone"));
  const outgoing = row.fromUserId !== null && row.fromUserId === userId && row.toUserId !== userId;
  return (
    <tr data-testid="power-transaction">
      <td className={CELL}>{t(`power.history.types.${row.type}`, { defaultValue: row.type })}</td>
      <td className={`${CELL} whitespace-nowrap`}>
        {outgoing ? <span aria-hidden>−</span> : null}
        <PowerAmount units={row.powerToken} className={outgoing ? "text-zinc-700 dark:text-zinc-300" : "text-emerald-700 dark:text-emerald-400"} />
      </td>
      <td className={CELL}>{person(row.fromUserId, row.fromUser)}</td>
      <td className={CELL}>
        {row.toFeed || row.toFeedId ? (
          <Link to={`/share/feeds/${row.toFeed?.id ?? row.toFeedId}`} className="hover:underline" data-user-content>
            {row.toFeed?.title || row.toFeed?.url || t("power.history.a_feed")}
          </Link>
        ) : (
          person(row.toUserId, row.toUser)
        )}
      </td>
      <td className={`${CELL} whitespace-nowrap text-zinc-500`} title={formatDateTime(row.createdAt, i18n.language)}>
        <time dateTime={row.createdAt}>{formatRelative(row.createdAt, new Date(), i18n.language)}</time>
      </td>
      <td className={CELL}>
        <code className="text-xs text-zinc-500" title={row.hash}>
          {shortHash(row.hash)}
        </code>
      </td>
    </tr>
  );
}
