import type { UseQueryResult } from "@tanstack/react-query";
import { Check, Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../lib/api-client.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useCopy } from "../toast/index.ts";
import type { InvitationRow } from "./account-api.ts";
import { Badge } from "./ui.tsx";

/** My codes, newest first: the code (copy), when it was made, and when and by whom it was used. */
export function InvitationList({ query }: { query: UseQueryResult<InvitationRow[]> }) {
  const { t } = useTranslation("app");
  if (query.isPending) return <p className="text-sm text-zinc-500">{t("common:loading")}</p>;
  if (query.isError) return <p role="alert" className="text-sm text-red-600">{errorText(query.error, (code) => t(`errors:${code}`))}</p>;
  if (query.data.length === 0) return <p className="rounded-lg border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 dark:border-zinc-700">{t("invitations.empty")}</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-zinc-500">
        <tr>
          <th className="py-2 font-medium">{t("invitations.code")}</th>
          <th className="py-2 font-medium">{t("invitations.created_at")}</th>
          <th className="py-2 font-medium">{t("invitations.used_by")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {query.data.map((row) => (
          <InvitationItem key={row.code} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function InvitationItem({ row }: { row: InvitationRow }) {
  const { t } = useTranslation("app");
  const { copied, copy } = useCopy();
  const user = row.users;
  return (
    <tr data-testid="invitation-row">
      <td className="py-2">
        <span className="inline-flex items-center gap-1.5">
          <code className="font-mono">{row.code}</code>
          <button
            type="button"
            aria-label={t("invitations.copy", { code: row.code })}
            className="rounded p-1 text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            onClick={() => void copy(row.code).catch(() => undefined)}
          >
            {copied ? <Check className="size-3.5 text-green-600" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          </button>
        </span>
      </td>
      <td className="py-2 text-zinc-500">{formatDateTime(row.createdAt)}</td>
      <td className="py-2">
        {user ? (
          <Link to={`/share/users/${user.id}`} className="inline-flex items-center gap-2 hover:underline">
            {user.image ? (
              <img src={user.image} alt="" className="size-5 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="flex size-5 items-center justify-center rounded-full bg-orange-500 text-[10px] font-semibold text-white">
                {(user.name ?? "?").slice(0, 1).toUpperCase()}
              </span>
            )}
            <span>{user.name ?? t("share.someone")}</span>
            {row.usedAt ? <span className="text-xs text-zinc-500">{formatDateTime(row.usedAt)}</span> : null}
          </Link>
        ) : (
          <Badge tone="grey">{t("invitations.unused")}</Badge>
        )}
      </td>
    </tr>
  );
}
