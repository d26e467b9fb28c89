import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { ChevronRight, Search } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeedIcon } from "../../components/feed-icon.tsx";
import { followErrorText } from "../follow/index.ts";
import { toastError } from "../toast/index.ts";
import { RSSHUB_CATEGORIES, RSSHUB_LANGUAGES, type RsshubLanguage, sortNamespaces } from "./categories.ts";
import { type RsshubNamespace, rsshubCatalogueQuery } from "./discover-api.ts";
import { openRouteForm } from "./open-route-form.tsx";
import { Segmented } from "./segmented.tsx";

/**
 * The RSSHub route catalogue: category chips (links to /discover/category/:category, or a filter
 * in place), a language filter, a text filter, and one card per namespace listing its routes;
 * a route opens its parameter form.
 */
export function RsshubCatalogue(props: { category?: string; onCategory?: (category: string) => void; showFilter?: boolean; limit?: number }) {
  const { t } = useTranslation("app");
  const [lang, setLang] = useState<RsshubLanguage>("");
  const [filter, setFilter] = useState("");
  const catalogue = useQuery(rsshubCatalogueQuery({ ...(props.category ? { category: props.category } : {}), lang }));
  useEffect(() => {
    if (catalogue.error) toastError(catalogue.error);
  }, [catalogue.error]);

  const namespaces = useMemo(() => {
    const words = filter.trim().toLowerCase();
    const all = sortNamespaces(Object.entries(catalogue.data ?? {}));
    if (!words) return all;
    return all.flatMap(([key, namespace]): [string, RsshubNamespace][] => {
      if (`${key} ${namespace.name} ${namespace.url}`.toLowerCase().includes(words)) return [[key, namespace]];
      const routes = Object.fromEntries(Object.entries(namespace.routes).filter(([path, route]) => `${path} ${route.name}`.toLowerCase().includes(words)));
      return Object.keys(routes).length ? [[key, { ...namespace, routes }]] : [];
    });
  }, [catalogue.data, filter]);
  const shown = props.limit ? namespaces.slice(0, props.limit) : namespaces;

  return (
    <div className="space-y-4">
      <CategoryChips {...(props.category ? { active: props.category } : {})} {...(props.onCategory ? { onCategory: props.onCategory } : {})} />
      <div className="flex flex-wrap items-center gap-3">
        <Segmented
          label={t("discover.language")}
          size="sm"
          value={lang || "all"}
          onChange={(value) => setLang(value === "all" ? "" : (value as RsshubLanguage))}
          options={RSSHUB_LANGUAGES.map((value) => ({ value: value || "all", label: t(`discover.languages.${value || "all"}`) }))}
        />
        {props.showFilter ? (
          <label className="relative min-w-48 flex-1">
            <span className="sr-only">{t("discover.filter_routes")}</span>
            <Search className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-zinc-400" aria-hidden />
            <input
              type="search"
              value={filter}
              placeholder={t("discover.filter_routes")}
              onChange={(event) => setFilter(event.target.value)}
              className="w-full rounded-lg border border-zinc-300 bg-white py-1.5 pr-3 pl-8 text-sm outline-none focus:border-orange-500 focus:ring-2 focus:ring-orange-500/20 dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
        ) : null}
      </div>
      {catalogue.isPending ? (
        <div role="status" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <span className="sr-only">{t("discover.loading")}</span>
          {[0, 1, 2].map((index) => (
            <div key={index} className="h-36 animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />
          ))}
        </div>
      ) : catalogue.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
          {followErrorText(catalogue.error).message}
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">{t("discover.no_routes")}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map(([key, namespace]) => (
            <NamespaceCard key={key} prefix={key} namespace={namespace} />
          ))}
        </div>
      )}
    </div>
  );
}

/** The category chips: links to the category pages, or a filter when `onCategory` is given. */
export function CategoryChips({ active, onCategory }: { active?: string; onCategory?: (category: string) => void }) {
  const { t } = useTranslation("app");
  const chip = (selected: boolean) =>
    clsx(
      "rounded-full border px-3 py-1 text-xs font-medium transition-colors",
      selected
        ? "border-orange-500 bg-orange-500 text-white"
        : "border-zinc-200 text-zinc-600 hover:border-orange-300 hover:text-orange-600 dark:border-zinc-700 dark:text-zinc-300 dark:hover:border-orange-700 dark:hover:text-orange-400",
    );
  const options = ["", ...RSSHUB_CATEGORIES];
  return (
    <nav aria-label={t("discover.categories_label")} className="flex flex-wrap gap-1.5">
      {options.map((category) => {
        const label = t(`discover.categories.${category || "all"}`);
        const selected = (active ?? "") === category;
        return onCategory ? (
          <button key={category || "all"} type="button" aria-pressed={selected} onClick={() => onCategory(category)} className={chip(selected)}>
            {label}
          </button>
        ) : (
          <Link key={category || "all"} to={category ? `/discover/category/${category}` : "/rsshub"} aria-current={selected ? "page" : undefined} className={chip(selected)}>
            {label}
          </Link>
        );
      })}
    </nav>
  );
}

function NamespaceCard({ prefix, namespace }: { prefix: string; namespace: RsshubNamespace }) {
  const { t } = useTranslation("app");
  const site = namespace.url ? `https://${namespace.url.replace(/^https?:\/\//, "")}` : null;
  const routes = Object.entries(namespace.routes);
  return (
    <article aria-label={namespace.name || prefix} className="flex flex-col rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60">
      <header className="flex items-center gap-3">
        <span className="flex shrink-0 rounded-lg bg-zinc-100 dark:bg-zinc-800">
          <FeedIcon siteUrl={site} title={namespace.name || prefix} size={32} className="rounded-lg" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold">{namespace.name || prefix}</h3>
          <p className="truncate text-xs text-zinc-500">{namespace.url || `rsshub://${prefix}`}</p>
        </div>
        {namespace.lang ? <span className="shrink-0 rounded bg-zinc-100 px-1.5 py-0.5 text-[10px] font-medium text-zinc-500 uppercase dark:bg-zinc-800">{namespace.lang}</span> : null}
      </header>
      <ul className="mt-3 space-y-0.5" aria-label={t("discover.routes_of", { name: namespace.name || prefix })}>
        {routes.map(([path, route]) => (
          <li key={path}>
            <button
              type="button"
              onClick={() => openRouteForm({ prefix, namespace, route })}
              className="group flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate">{route.name}</span>
                <span className="block truncate font-mono text-[11px] text-zinc-400">
                  /{prefix}
                  {route.path}
                </span>
              </span>
              <ChevronRight className="size-4 shrink-0 text-zinc-300 group-hover:text-orange-500 dark:text-zinc-600" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </article>
  );
}
