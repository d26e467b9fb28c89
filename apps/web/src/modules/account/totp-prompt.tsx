import { ErrorCode } from "@tidings/contracts";
import i18next from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { ApiError } from "../../lib/api-client.ts";
import { modal } from "../modal/index.ts";
import { Button, messageOf } from "./ui.tsx";

const isCode = (error: unknown, code: ErrorCode) => error instanceof ApiError && error.code === code;

/**
 * Runs an action that two-factor may guard (spec §8: 4007 and 4008 show no toast). Tried without a
 * code first; on 4008 a modal asks for the authenticator code and retries with it, staying open
 * with 'Invalid TOTP code.' on 4007. Rejects with the modal's dismissal as an AbortError.
 */
export function withTwoFactorCode<T>(action: (code?: string) => Promise<T>): Promise<T> {
  return action().catch((error: unknown) => {
    if (!isCode(error, ErrorCode.TwoFactorCodeRequired)) throw error;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      modal.present({
        id: "totp-prompt",
        title: i18next.t("app:account.totp_prompt_title"),
        size: "sm",
        draggable: false,
        onClose: () => {
          if (!settled) reject(new DOMException("two-factor code not given", "AbortError"));
        },
        content: ({ dismiss }) => (
          <TotpPrompt
            submit={async (code) => {
              const result = await action(code);
              settled = true;
              resolve(result);
              dismiss();
            }}
          />
        ),
      });
    });
  });
}

function TotpPrompt({ submit }: { submit: (code: string) => Promise<void> }) {
  const { t } = useTranslation("app");
  const [code, setCode] = useState("");
  const { pending, error, run } = useAsyncAction((caught) => (isCode(caught, ErrorCode.InvalidTwoFactorCode) ? t("account.invalid_totp") : messageOf(caught)));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void run(() => submit(code.trim()));
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4 p-5" aria-label={t("account.totp_prompt_title")}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.totp_prompt_hint")}</p>
      <Field label={t("auth.totp_code")} name="totp" inputMode="numeric" autoComplete="one-time-code" autoFocus value={code} onChange={(event) => setCode(event.target.value)} error={error} />
      <div className="flex justify-end">
        <Button type="submit" variant="primary" pending={pending} disabled={code.trim().length < 6}>
          {t("auth.verify")}
        </Button>
      </div>
    </form>
  );
}
