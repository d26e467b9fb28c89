import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Field, SubmitButton } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { authApi } from "./auth-api.ts";

export const MIN_PASSWORD_LENGTH = 8;

/**
 * `/reset-password?token=`: the new password twice; on success, back to the sign-in screen with a
 * success toast. A missing or expired token shows the server's message.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation("app");
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { pending, error, run } = useAsyncAction((caught) => (caught instanceof Error ? caught.message : t("auth.failed")));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    void run(async () => {
      await authApi.resetPassword(password, token);
      toast.success(t("auth.reset_done"));
      await navigate("/login", { replace: true });
    });
  }

  if (!token) return <p role="alert" className="text-center text-sm text-red-600 dark:text-red-400">{t("auth.reset_no_token")}</p>;
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;
  const mismatch = repeat.length > 0 && repeat !== password;
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t("auth.reset_title")}>
      <Field
        label={t("auth.new_password")}
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t("auth.password_hint")}
        error={tooShort ? t("auth.password_hint") : undefined}
        autoFocus
      />
      <Field
        label={t("auth.repeat_password")}
        name="repeat"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={mismatch ? t("auth.password_mismatch") : error}
      />
      <SubmitButton pending={pending} disabled={password.length < MIN_PASSWORD_LENGTH || repeat !== password}>
        {t("auth.reset_submit")}
      </SubmitButton>
    </form>
  );
}
