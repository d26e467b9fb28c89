import type { RsshubInstanceStatus } from "@tidings/contracts";
import clsx from "clsx";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatRelative } from "../../lib/format.ts";

const TONES: Record<RsshubInstanceStatus, string> = {
  ok: "bg-emerald-500/10 text-emerald-700 dark:text-emerald-400",
  unavailable: "bg-amber-500/10 text-amber-700 dark:text-amber-400",
  invalid: "bg-red-500/10 text-red-700 dark:text-red-400",
};

/** What the last health check found: Available, Unavailable or Invalid (its error as the tooltip). */
export function StatusBadge({ status, errorMessage }: { status: RsshubInstanceStatus; errorMessage?: string | null }) {
  const { t } = useTranslation("app");
  return (
    <span data-status={status} title={errorMessage ?? undefined} className={clsx("inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap", TONES[status])}>
      {t(`rsshub.status.${status}`)}
    </span>
  );
}

/** The health check's error (the server's words) and when it ran. */
export function CheckDetails({ errorMessage, checkedAt }: { errorMessage: string | null; checkedAt: string | null }) {
  const { t, i18n } = useTranslation("app");
  return (
    <>
      {errorMessage ? (
        <p className="text-xs break-words text-red-600 dark:text-red-400" data-user-content>
          {errorMessage}
        </p>
      ) : null}
      <p className="text-xs text-zinc-500">
        {checkedAt ? (
          <time dateTime={checkedAt} title={formatDateTime(checkedAt, i18n.language)}>
            {t("rsshub.checked_at", { time: formatRelative(checkedAt, new Date(), i18n.language) })}
          </time>
        ) : (
          t("rsshub.never_checked")
        )}
      </p>
    </>
  );
}
