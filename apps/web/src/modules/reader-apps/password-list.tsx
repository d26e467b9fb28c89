import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { errorText } from "../../lib/api-client.ts";
import { formatDateTime } from "../../lib/format.ts";
import { confirm } from "../modal/index.ts";
import { toastError } from "../toast/index.ts";
import { type AppPassword, appPasswordsQuery, useAppPasswordActions } from "./app-passwords-api.ts";
import { DANGER, SPINNER } from "./styles.ts";

function Row({ item }: { item: AppPassword }) {
  const { t } = useTranslation("settings");
  const actions = useAppPasswordActions();
  const [pending, setPending] = useState(false);

  const revoke = async () => {
    const ok = await confirm({ variant: "danger", title: t("apps.revoke_title", { name: item.name }), message: t("apps.revoke_message"), confirmText: t("apps.revoke") });
    if (!ok) return;
    setPending(true);
    try {
      await actions.revoke(item.id);
      toast.success(t("apps.revoked", { name: item.name }));
    } catch (error) {
      toastError(error);
      setPending(false);
    }
  };

  return (
    <tr data-testid="app-password-row">
      <td className="py-2.5 pr-3 font-medium break-all">{item.name}</td>
      <td className="py-2.5 pr-3 whitespace-nowrap text-zinc-500">{formatDateTime(item.createdAt)}</td>
      <td className="py-2.5 pr-3 whitespace-nowrap text-zinc-500" data-testid="app-password-last-used">
        {item.lastUsedAt ? formatDateTime(item.lastUsedAt) : t("apps.never")}
      </td>
      <td className="py-2.5 text-right">
        <button type="button" className={DANGER} disabled={pending} aria-busy={pending || undefined} aria-label={t("apps.revoke_named", { name: item.name })} onClick={() => void revoke()}>
          {pending ? <span className={SPINNER} aria-hidden /> : null}
          {t("apps.revoke")}
        </button>
      </td>
    </tr>
  );
}

/** The reader's app passwords: name, made, last used; each revocable after a confirmation. */
export function PasswordList() {
  const { t } = useTranslation("settings");
  const passwords = useQuery(appPasswordsQuery);
  if (passwords.isPending) return <p className="text-sm text-zinc-500">{t("common:loading")}</p>;
  if (passwords.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorText(passwords.error, (code) => t(`errors:${code}`))}
      </p>
    );
  }
  if (passwords.data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 px-6 py-8 text-center dark:border-zinc-700">
        <KeyRound className="mx-auto size-7 text-zinc-400" aria-hidden />
        <p className="mt-2 text-sm text-zinc-500">{t("apps.empty")}</p>
      </div>
    );
  }
  return (
    <table className="w-full text-left text-sm" aria-label={t("apps.passwords_title")}>
      <thead className="text-xs text-zinc-500">
        <tr>
          <th className="py-2 pr-3 font-medium">{t("apps.column_name")}</th>
          <th className="py-2 pr-3 font-medium">{t("apps.column_created")}</th>
          <th className="py-2 pr-3 font-medium">{t("apps.column_last_used")}</th>
          <th className="py-2">
            <span className="sr-only">{t("apps.revoke")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
        {passwords.data.map((item) => (
          <Row key={item.id} item={item} />
        ))}
      </tbody>
    </table>
  );
}
