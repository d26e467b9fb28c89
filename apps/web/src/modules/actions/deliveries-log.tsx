import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format.ts";
import { CopyField } from "../inboxes/index.ts";
import { deliveriesQuery, type WebhookDelivery } from "./actions-api.ts";

const STATUS_CLASS: Record<WebhookDelivery["status"], string> = {
  delivered: "bg-green-100 text-green-700 dark:bg-green-500/15 dark:text-green-400",
  pending: "bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-400",
  failed: "bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-400",
};

/** Webhooks: the secret that signs them and the log of the newest deliveries. */
export function DeliveriesLog({ secret }: { secret: string }) {
  const { t, i18n } = useTranslation("app");
  const log = useQuery(deliveriesQuery);
  return (
    <section className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid="actions-deliveries">
      <div>
        <h3 className="text-sm font-semibold">{t("actions.deliveries_title")}</h3>
        <p className="text-xs text-zinc-500">{t("actions.deliveries_description")}</p>
      </div>
      {secret ? <CopyField label={t("actions.webhook_secret")} value={secret} secret /> : null}
      {log.data && log.data.length === 0 ? <p className="text-xs text-zinc-500">{t("actions.deliveries_empty")}</p> : null}
      {log.data && log.data.length > 0 ? (
        <div className="max-h-80 overflow-auto rounded-lg border border-zinc-100 dark:border-zinc-800">
          <table className="w-full text-left text-xs">
            <thead className="sticky top-0 bg-zinc-50 text-zinc-500 dark:bg-zinc-900">
              <tr>
                <th className="px-2 py-1.5 font-medium">{t("actions.delivery_time")}</th>
                <th className="px-2 py-1.5 font-medium">{t("actions.delivery_rule")}</th>
                <th className="px-2 py-1.5 font-medium">URL</th>
                <th className="px-2 py-1.5 font-medium">{t("actions.delivery_status")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {log.data.map((delivery) => (
                <tr key={delivery.id} data-testid="delivery">
                  <td className="px-2 py-1.5 whitespace-nowrap text-zinc-500">{formatDateTime(delivery.createdAt, i18n.language)}</td>
                  <td className="max-w-32 truncate px-2 py-1.5">{delivery.rule}</td>
                  <td className="max-w-56 truncate px-2 py-1.5 font-mono" title={delivery.url}>
                    {delivery.url}
                  </td>
                  <td className="px-2 py-1.5">
                    <span className={`rounded px-1.5 py-0.5 font-medium ${STATUS_CLASS[delivery.status]}`}>{t(`actions.delivery_${delivery.status}`)}</span>
                    <span className="ml-1.5 text-zinc-500">
                      {t("actions.delivery_attempts", { count: delivery.attempts })}
                      {delivery.lastError ? ` · ${delivery.lastError}` : delivery.lastStatus ? ` · HTTP ${delivery.lastStatus}` : ""}
                      {delivery.nextAttemptAt ? ` · ${t("actions.delivery_next", { time: formatDateTime(delivery.nextAttemptAt, i18n.language) })}` : ""}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
