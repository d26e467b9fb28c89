import type { RsshubInstance } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { instanceName, priceText, usersText } from "./instance-text.ts";
import { RowActions } from "./row-actions.tsx";
import { StatusBadge } from "./status-badge.tsx";

const HEAD = "px-2 py-2 font-medium whitespace-nowrap";

/** The instances the caller may use: theirs first, with who owns each, its price, users and health. */
export function InstancesTable({ instances }: { instances: RsshubInstance[] }) {
  const { t } = useTranslation("app");
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={t("rsshub.instances_title")}>
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className={HEAD}>{t("rsshub.column_description")}</th>
            <th className={HEAD}>{t("rsshub.column_owner")}</th>
            <th className={HEAD}>{t("rsshub.column_price")}</th>
            <th className={HEAD}>{t("rsshub.column_users")}</th>
            <th className={HEAD}>{t("rsshub.column_status")}</th>
            <th className={HEAD}>
              <span className="sr-only">{t("rsshub.column_actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {instances.map((instance) => (
            <InstanceRow key={instance.id} instance={instance} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InstanceRow({ instance }: { instance: RsshubInstance }) {
  const { t } = useTranslation("app");
  const owner = instance.owner;
  return (
    <tr data-rsshub-id={instance.id} data-own={instance.isOwner || undefined} className="align-top">
      <td className="max-w-64 px-2 py-2">
        <p className="truncate font-medium" data-user-content>
          {instanceName(instance, t)}
        </p>
        {instance.baseUrl ? <code className="block truncate text-xs text-zinc-500">{instance.baseUrl}</code> : null}
      </td>
      <td className="px-2 py-2">
        <p className="flex items-center gap-1.5">
          <span className="truncate" data-user-content>
            {owner?.name || (owner?.handle ? `@${owner.handle}` : t("rsshub.unknown_owner"))}
          </span>
          {instance.isOwner ? <span className="rounded bg-zinc-100 px-1 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">{t("rsshub.you")}</span> : null}
        </p>
        {owner?.name && owner.handle ? <p className="truncate text-xs text-zinc-500" data-user-content>{`@${owner.handle}`}</p> : null}
      </td>
      <td className="px-2 py-2 whitespace-nowrap" data-testid="rsshub-price">
        {priceText(instance.price, t)}
      </td>
      <td className="px-2 py-2 whitespace-nowrap tabular-nums" data-testid="rsshub-users">
        {usersText(instance, t)}
      </td>
      <td className="px-2 py-2">
        <StatusBadge status={instance.status} errorMessage={instance.errorMessage} />
        {instance.errorMessage ? (
          <p className="mt-1 line-clamp-2 max-w-48 text-xs break-words text-zinc-500" title={instance.errorMessage} data-user-content>
            {instance.errorMessage}
          </p>
        ) : null}
      </td>
      <td className="px-2 py-2">
        <RowActions instance={instance} />
      </td>
    </tr>
  );
}
