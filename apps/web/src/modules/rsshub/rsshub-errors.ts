import { ErrorCode, errorMessage } from "@tidings/contracts";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, errorText } from "../../lib/api-client.ts";

/** A refusal as a form shows it: the message of its code, and the server's own words under it. */
export interface RsshubProblem {
  message: string;
  reason?: string;
}

/**
 * The text of a failed RSSHub call. The health check's verdict (13006, 13007) and the paid-instance
 * refusal (13005) are only useful with what the server said, so its reason (or a message of its
 * own, when it differs from the catalogue's) comes along.
 */
export function useRsshubErrorText(): (error: unknown) => RsshubProblem {
  const { t, i18n } = useTranslation("app");
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : undefined;
      // 13005 is "purchase not found" in the catalogue; here it means paid instances cannot be bought yet.
      const message =
        code === ErrorCode.RSSHubPurchaseNotFound
          ? t("rsshub.errors.paid")
          : errorText(error, (known) => (i18n.exists(`errors:${known}`) ? t(`errors:${known}`) : undefined));
      if (!(error instanceof ApiError)) return { message };
      const own = error.reason || (code !== undefined && error.message !== errorMessage(code) ? error.message : undefined);
      return own && own !== message ? { message, reason: own } : { message };
    },
    [t, i18n],
  );
}

/**
 * The fields a 1002 refusal names (`baseUrl: must be …; price: too big`), by field; empty when
 * the error is another or names none.
 */
export function fieldsFromReason(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.InvalidParameter || !error.reason) return {};
  const fields: Record<string, string> = {};
  for (const part of error.reason.split(/;\s*/)) {
    const match = /^(\w+)(?:\.\S*)?:\s*(.+)$/s.exec(part);
    if (match && !(match[1]! in fields)) fields[match[1]!] = match[2]!;
  }
  return fields;
}
