import { ArrowRight, Inbox } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { openInboxForm } from "../inboxes/index.ts";
import { OpmlImport } from "../opml/index.ts";
import type { DiscoverTarget } from "./discover-api.ts";
import { DiscoverSearch } from "./discover-search.tsx";
import { RsshubCatalogue } from "./rsshub-catalogue.tsx";
import { Segmented } from "./segmented.tsx";
import { Trending } from "./trending.tsx";
import { UrlFollow } from "./url-follow.tsx";

type Tab = "search" | "rss" | "rsshub" | "import" | "inbox";
const TABS: readonly Tab[] = ["search", "rss", "rsshub", "import", "inbox"];

/**
 * The discover page body (facts §4): tabs Search, RSS, RSSHub, OPML import and Inbox (`?type=`),
 * then what is trending on this instance and the popular RSSHub routes.
 */
export function DiscoverHome() {
  const { t } = useTranslation("app");
  const [params, setParams] = useSearchParams();
  const type = params.get("type");
  const tab: Tab = TABS.includes(type as Tab) ? (type as Tab) : "search";
  const keyword = params.get("keyword") ?? "";
  const target: DiscoverTarget = params.get("target") === "lists" ? "lists" : "feeds";

  const update = (next: Record<string, string | null>) =>
    setParams((current) => {
      const merged = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value) merged.set(key, value);
        else merged.delete(key);
      }
      return merged;
    });

  return (
    <div className="mx-auto max-w-5xl space-y-10">
      <section className="space-y-4">
        <Segmented
          label={t("discover.tabs")}
          value={tab}
          onChange={(next) => update({ type: next === "search" ? null : next })}
          options={TABS.map((value) => ({ value, label: t(`discover.tab_${value}`) }))}
        />
        {tab === "search" ? (
          <DiscoverSearch keyword={keyword} target={target} onSearch={(next, nextTarget) => update({ keyword: next || null, target: nextTarget === "lists" ? "lists" : null })} />
        ) : tab === "import" ? (
          <OpmlImport />
        ) : tab === "inbox" ? (
          <InboxPanel />
        ) : (
          <UrlFollow key={tab} kind={tab} />
        )}
      </section>
      {tab === "import" || tab === "inbox" ? null : tab === "rsshub" ? (
        <Section title={t("discover.rsshub_routes")}>
          <RsshubCatalogue showFilter />
        </Section>
      ) : (
        <>
          <Section title={t("discover.trending")}>
            <Trending />
          </Section>
          <Section
            title={t("discover.popular")}
            action={
              <Link to="/rsshub" className="inline-flex items-center gap-1 text-xs font-medium text-orange-600 hover:underline dark:text-orange-400">
                {t("discover.all_routes")}
                <ArrowRight className="size-3.5" aria-hidden />
              </Link>
            }
          >
            <RsshubCatalogue category="popular" limit={9} />
          </Section>
        </>
      )}
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The Inbox tab: what an inbox is, and the way to make one (managed under Settings → Inboxes). */
function InboxPanel() {
  const { t } = useTranslation("app");
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border border-zinc-200 p-6 dark:border-zinc-800">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-orange-500/10 text-orange-600 dark:text-orange-400">
          <Inbox className="size-5" aria-hidden />
        </span>
        <div>
          <h2 className="font-semibold">{t("discover.inbox_title")}</h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("discover.inbox_intro")}</p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <button type="button" className="rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600" onClick={() => openInboxForm()}>
          {t("discover.inbox_create")}
        </button>
        <Link to="/settings/inboxes" className="text-sm font-medium text-orange-600 hover:underline dark:text-orange-400">
          {t("discover.inbox_manage")}
        </Link>
      </div>
    </div>
  );
}
