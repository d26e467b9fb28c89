import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, SubmitButton } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { authApi } from "./auth-api.ts";

/**
 * The second sign-in step when two-factor is on: a code from the authenticator app, or one of
 * the backup codes. A wrong code shows the server's message ('Invalid TOTP code.') under the field.
 */
export function TwoFactorForm({ onDone, onCancel }: { onDone: () => Promise<void> | void; onCancel: () => void }) {
  const { t } = useTranslation("app");
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState("");
  const { pending, error, setError, run } = useAsyncAction((caught) => (caught instanceof Error ? caught.message : t("auth.failed")));

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      if (backup) await authApi.verifyBackupCode(code.trim());
      else await authApi.verifyTotp(code.trim());
      await onDone();
    });
  }

  const valid = backup ? code.trim().length > 0 : /^\d{6}$/.test(code.trim());
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={t("auth.two_factor_title")}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{backup ? t("auth.backup_code_hint") : t("auth.two_factor_hint")}</p>
      <Field
        key={backup ? "backup" : "totp"}
        label={backup ? t("auth.backup_code") : t("auth.totp_code")}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputMode={backup ? "text" : "numeric"}
        autoFocus
        error={error}
      />
      <SubmitButton pending={pending} disabled={!valid}>
        {t("auth.verify")}
      </SubmitButton>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-orange-600 hover:underline dark:text-orange-400"
          onClick={() => {
            setBackup(!backup);
            setCode("");
            setError(undefined);
          }}
        >
          {backup ? t("auth.use_totp") : t("auth.use_backup_code")}
        </button>
        <button type="button" className="text-zinc-500 hover:underline" onClick={onCancel}>
          {t("auth.back_to_sign_in")}
        </button>
      </div>
    </form>
  );
}
