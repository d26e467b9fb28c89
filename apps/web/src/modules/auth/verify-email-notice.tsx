import { MailWarning } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { authApi } from "./auth-api.ts";

/** "Verify your e-mail": the address is not confirmed yet; the link can be sent again. */
export function VerifyEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation("app");
  const [state, setState] = useState<"idle" | "pending" | "sent">("idle");
  const [error, setError] = useState<string>();

  async function resend() {
    setState("pending");
    setError(undefined);
    try {
      await authApi.sendVerificationEmail(email);
      setState("sent");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setState("idle");
    }
  }

  return (
    <div role="status" className="flex w-full gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/40 dark:text-amber-200">
      <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-medium">{t("auth.verify_title")}</p>
        <p>{t("auth.verify_body", { email })}</p>
        {state === "sent" ? (
          <p>{t("auth.verify_resent")}</p>
        ) : (
          <button type="button" disabled={state === "pending"} onClick={() => void resend()} className="font-medium underline disabled:opacity-50">
            {t("auth.verify_resend")}
          </button>
        )}
        {error ? <p className="text-red-600 dark:text-red-400">{error}</p> : null}
      </div>
    </div>
  );
}

export const VERIFY_TOAST_MS = 30_000;

/** The notice after registering with an address not confirmed yet, as a toast (spec: a banner). */
export function showVerifyEmailToast(email: string): void {
  toast.custom(() => <VerifyEmailNotice email={email} />, { id: "verify-email", duration: VERIFY_TOAST_MS });
}
