import type { FeedSummary } from "@tidings/contracts";
import { CircleAlert, CircleCheck, CircleDot } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FeedIcon } from "../../components/feed-icon.tsx";
import type { ImportResult, ParsedErrorItem } from "./opml-api.ts";

/** The three tables of an import: followed now, followed already, and what could not be read. */
export function ImportResultTables({ result }: { result: ImportResult }) {
  const { t } = useTranslation("app");
  return (
    <div className="space-y-4" data-testid="opml-result">
      <p className="text-sm" role="status">
        {t("opml.result_summary", { imported: result.successfulItems.length, conflicts: result.conflictItems.length, errors: result.parsedErrorItems.length })}
      </p>
      <FeedTable testId="opml-imported" title={t("opml.imported")} tone="text-green-600" icon={CircleCheck} feeds={result.successfulItems} />
      <FeedTable testId="opml-conflicts" title={t("opml.conflicts")} tone="text-zinc-500" icon={CircleDot} feeds={result.conflictItems} />
      <ErrorTable items={result.parsedErrorItems} />
    </div>
  );
}

function Heading({ title, count, tone, icon: Icon }: { title: string; count: number; tone: string; icon: typeof CircleCheck }) {
  return (
    <h4 className="flex items-center gap-1.5 text-sm font-medium">
      <Icon className={`size-4 ${tone}`} aria-hidden />
      {title}
      <span className="rounded-full bg-zinc-100 px-1.5 text-xs font-normal text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">{count}</span>
    </h4>
  );
}

const TABLE = "w-full table-fixed text-left text-xs";
const WRAP = "max-h-56 overflow-y-auto rounded-lg border border-zinc-200 dark:border-zinc-800";
const HEAD = "sticky top-0 bg-zinc-50 text-zinc-500 dark:bg-zinc-900 [&_th]:px-3 [&_th]:py-1.5 [&_th]:font-medium";
const ROW = "border-t border-zinc-100 dark:border-zinc-800 [&_td]:px-3 [&_td]:py-1.5";

function FeedTable({ title, feeds, tone, icon, testId }: { title: string; feeds: FeedSummary[]; tone: string; icon: typeof CircleCheck; testId: string }) {
  const { t } = useTranslation("app");
  if (feeds.length === 0) return null;
  return (
    <section className="space-y-1.5" data-testid={testId}>
      <Heading title={title} count={feeds.length} tone={tone} icon={icon} />
      <div className={WRAP}>
        <table className={TABLE}>
          <thead className={HEAD}>
            <tr>
              <th className="w-2/5">{t("opml.column_title")}</th>
              <th>{t("opml.column_url")}</th>
            </tr>
          </thead>
          <tbody>
            {feeds.map((feed) => (
              <tr key={feed.id} className={ROW}>
                <td>
                  <span className="flex min-w-0 items-center gap-2">
                    <FeedIcon image={feed.image} siteUrl={feed.siteUrl} url={feed.url} title={feed.title} size={14} />
                    <span className="truncate">{feed.title ?? feed.url}</span>
                  </span>
                </td>
                <td className="truncate text-zinc-500">{feed.url}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ErrorTable({ items }: { items: ParsedErrorItem[] }) {
  const { t } = useTranslation("app");
  if (items.length === 0) return null;
  return (
    <section className="space-y-1.5" data-testid="opml-errors">
      <Heading title={t("opml.errors")} count={items.length} tone="text-red-600" icon={CircleAlert} />
      <div className={WRAP}>
        <table className={TABLE}>
          <thead className={HEAD}>
            <tr>
              <th className="w-2/5">{t("opml.column_outline")}</th>
              <th>{t("opml.column_reason")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <tr key={`${item.url ?? ""}-${index}`} className={ROW}>
                <td className="truncate">{item.title ?? item.url ?? t("opml.untitled")}</td>
                <td className="text-red-600 dark:text-red-400">{item.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
