import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { InstancesTable } from "./instances-table.tsx";
import { openInstanceForm } from "./open-instance-form.tsx";
import { rsshubListQuery } from "./rsshub-api.ts";
import { useRsshubErrorText } from "./rsshub-errors.ts";
import { StatusCard } from "./status-card.tsx";
import { PRIMARY } from "./styles.ts";

/**
 * RSSHub instances (the `/rsshub` page and Settings → RSSHub): the instance in use now, the
 * instances the reader may choose from, and their own to add, edit, check and delete.
 */
export function RsshubInstances() {
  const { t } = useTranslation("app");
  const list = useQuery(rsshubListQuery);
  const problemText = useRsshubErrorText();
  return (
    <div className="space-y-4" data-testid="rsshub-instances">
      <StatusCard />
      <section aria-labelledby="rsshub-instances-title" className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <div className="min-w-60 flex-1">
            <h3 id="rsshub-instances-title" className="text-sm font-semibold">
              {t("rsshub.instances_title")}
            </h3>
            <p className="text-xs text-zinc-500">{t("rsshub.instances_intro")}</p>
          </div>
          <button type="button" className={PRIMARY} onClick={() => openInstanceForm()}>
            <Plus className="size-4" aria-hidden />
            {t("rsshub.add")}
          </button>
        </div>
        {list.isPending ? <p className="text-sm text-zinc-500">{t("rsshub.loading")}</p> : null}
        {list.isError ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {problemText(list.error).message}
          </p>
        ) : null}
        {list.data?.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500 dark:border-zinc-700">{t("rsshub.none")}</p>
        ) : null}
        {list.data?.length ? <InstancesTable instances={list.data} /> : null}
      </section>
    </div>
  );
}
