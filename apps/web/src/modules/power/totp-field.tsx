import { ErrorCode } from "@tidings/contracts";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/form.tsx";
import { isErrorCode, type Payment } from "./use-payment.ts";

/**
 * The authenticator code a payment asks for once the server answered 4008; 'Invalid TOTP code.'
 * under it on 4007. Sending the form again retries the same attempt with the code.
 */
export function TotpField({ payment }: { payment: Payment<unknown> }) {
  const { t } = useTranslation("app");
  if (!payment.needsCode) return null;
  return (
    <div className="space-y-1">
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("account.totp_prompt_hint")}</p>
      <Field
        label={t("auth.totp_code")}
        name="TOTPCode"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        value={payment.code}
        onChange={(event) => payment.setCode(event.target.value)}
        error={isErrorCode(payment.error, ErrorCode.InvalidTwoFactorCode) ? t("account.invalid_totp") : undefined}
      />
    </div>
  );
}

/** Failures a payment form shows next to a field, not in its general problem line. */
export const shownByFields = (error: unknown, ...codes: ErrorCode[]): boolean =>
  [ErrorCode.TwoFactorCodeRequired, ErrorCode.InvalidTwoFactorCode, ...codes].some((code) => isErrorCode(error, code));
