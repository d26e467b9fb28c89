import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { api } from "../../lib/api-client.ts";
import { toastError } from "../toast/index.ts";
import type { RsshubRouteInfo } from "./discover-api.ts";
import { openRouteForm } from "./open-route-form.tsx";
import { RsshubCatalogue } from "./rsshub-catalogue.tsx";
import { exampleValues } from "./rsshub-url.ts";

/** /discover/category/:category: the RSSHub routes of one category, chips to the others. */
export function DiscoverCategory({ category }: { category: string }) {
  const { t } = useTranslation("app");
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Link to="/discover" className="inline-flex items-center gap-1 text-xs font-medium text-zinc-500 hover:text-orange-600">
        <ArrowLeft className="size-3.5" aria-hidden />
        {t("discover.back")}
      </Link>
      <RsshubCatalogue key={category} category={category} showFilter />
    </div>
  );
}

/**
 * /rsshub: every route of the catalogue, filtered in place by category, language and text.
 * `?route=/github/issue/DIYgod/RSSHub` (a path or pattern) opens that route's form.
 */
export function RsshubIndex() {
  const { t } = useTranslation("app");
  const [params] = useSearchParams();
  const [category, setCategory] = useState("");
  const route = params.get("route") ?? "";
  const info = useQuery({
    queryKey: ["discover", "rsshub-route", route],
    queryFn: ({ signal }) => api<RsshubRouteInfo>("discover/rsshub/route", { query: { route }, signal }),
    enabled: route.length > 0,
    retry: false,
  });
  useEffect(() => {
    if (!info.data) return;
    const { prefix, route: found } = info.data;
    // A concrete path (`/github/issue/DIYgod/RSSHub`) fills the form; a pattern leaves it empty.
    const given = route.replace(/^rsshub:\/\//i, "/").replace(/^\/*/, "/");
    const values = Object.fromEntries(Object.entries(exampleValues(prefix, found.path, given)).filter(([, value]) => !value.startsWith(":")));
    openRouteForm({ prefix, namespace: info.data, route: found, values });
  }, [info.data, route]);
  useEffect(() => {
    if (info.error) toastError(info.error);
  }, [info.error]);
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <p className="text-sm text-zinc-500">{t("discover.rsshub_intro")}</p>
      <RsshubCatalogue category={category} onCategory={setCategory} showFilter />
    </div>
  );
}
