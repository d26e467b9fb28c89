import { useQuery } from "@tanstack/react-query";
import type { RsshubStatus } from "@tidings/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { formatDateTime, formatRelative } from "../../lib/format.ts";
import { toastError } from "../toast/index.ts";
import { instanceName } from "./instance-text.ts";
import { rsshubStatusQuery, useRsshubActions } from "./rsshub-api.ts";
import { BUTTON } from "./styles.ts";
import { CheckDetails, StatusBadge } from "./status-badge.tsx";

/**
 * "Instance in use": the reader's chosen instance (with Stop using) or the server's default, how
 * its last health check went, and where the route catalogue comes from.
 */
export function StatusCard() {
  const { t } = useTranslation("app");
  const status = useQuery(rsshubStatusQuery);
  return (
    <section aria-labelledby="rsshub-status-title" data-testid="rsshub-status" className="space-y-2 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 id="rsshub-status-title" className="text-sm font-semibold">
        {t("rsshub.card.title")}
      </h3>
      {status.data ? <StatusBody status={status.data} /> : null}
      {status.isPending ? <p className="text-sm text-zinc-500">{t("rsshub.loading")}</p> : null}
      {status.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {status.error.message}
        </p>
      ) : null}
    </section>
  );
}

function StatusBody({ status }: { status: RsshubStatus }) {
  const { t, i18n } = useTranslation("app");
  const actions = useRsshubActions();
  const [pending, setPending] = useState(false);
  const chosen = status.instance;
  const expiresAt = status.usage?.expiresAt ?? status.purchase?.expiresAt ?? null;

  const stop = async () => {
    setPending(true);
    try {
      await actions.use(null);
      toast.success(t("rsshub.stopped"));
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  };

  const health = chosen ?? status.default;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 text-sm font-medium" data-testid="rsshub-in-use">
          {chosen ? <span data-user-content>{instanceName(chosen, t)}</span> : t("rsshub.card.default_name")}
        </p>
        <StatusBadge status={health.status} errorMessage={health.errorMessage} />
        {chosen ? (
          <button type="button" className={BUTTON} disabled={pending} aria-busy={pending || undefined} onClick={() => void stop()}>
            {t("rsshub.stop")}
          </button>
        ) : null}
      </div>
      {chosen ? null : status.default.baseUrl ? <code className="block text-xs break-all text-zinc-500">{status.default.baseUrl}</code> : null}
      <CheckDetails errorMessage={health.errorMessage} checkedAt={health.checkedAt} />
      {chosen && chosen.status !== "ok" ? <p className="text-xs text-amber-700 dark:text-amber-400">{t("rsshub.card.fallback_note")}</p> : null}
      {chosen ? null : <p className="text-xs text-zinc-500">{t("rsshub.card.default_hint")}</p>}
      {expiresAt ? <p className="text-xs text-zinc-500">{t("rsshub.card.paid_until", { date: formatDateTime(expiresAt, i18n.language) })}</p> : null}
      <p className="text-xs text-zinc-500" data-testid="rsshub-catalogue-source">
        {t(`rsshub.card.catalogue_${status.catalogue.source}`)}
        {status.catalogue.fetchedAt ? ` · ${t("rsshub.card.catalogue_fetched", { time: formatRelative(status.catalogue.fetchedAt, new Date(), i18n.language) })}` : ""}
      </p>
    </div>
  );
}
