import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, SubmitButton } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { authApi } from "./auth-api.ts";

/** "Forgot password?": asks for the e-mail, sends the reset link, then says so. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation("app");
  const [email, setEmail] = useState("");
  const { pending, error, run } = useAsyncAction((caught) => (caught instanceof Error ? caught.message : t("auth.failed")));
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await authApi.requestPasswordReset(email.trim());
      setSent(true);
    });
  }

  if (sent) {
    return (
      <div className="space-y-4 text-center" role="status">
        <MailCheck className="mx-auto size-10 text-green-500" aria-hidden />
        <p className="text-sm">{t("auth.reset_sent", { email: email.trim() })}</p>
        <button type="button" className="text-sm text-orange-600 hover:underline dark:text-orange-400" onClick={onBack}>
          {t("auth.back_to_sign_in")}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t("auth.forgot_title")}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("auth.forgot_hint")}</p>
      <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoFocus error={error} />
      <SubmitButton pending={pending} disabled={!email.includes("@")}>
        {t("auth.send_reset")}
      </SubmitButton>
      <p className="text-center text-sm">
        <button type="button" className="text-zinc-500 hover:underline" onClick={onBack}>
          {t("auth.back_to_sign_in")}
        </button>
      </p>
    </form>
  );
}
