import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { sessionKeys } from "../../queries/session.ts";
import { accountApi } from "./account-api.ts";
import { BackupCodes } from "./backup-codes.tsx";
import { QrCode, totpSecret } from "./qr-code.tsx";
import { Badge, Button, Panel } from "./ui.tsx";

type Step =
  | { name: "idle" }
  | { name: "password"; action: "enable" | "disable" | "regenerate" }
  | { name: "scan"; totpURI: string; backupCodes: string[] }
  | { name: "codes"; backupCodes: string[] };

/**
 * Two-factor sign-in: enable with the password → scan the QR code (or type the secret) → confirm
 * with a code → keep the backup codes. When on: disable, or make new backup codes.
 */
export function TwoFactorSection({ enabled, hasPassword }: { enabled: boolean; hasPassword: boolean }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const [value, setValue] = useState("");
  const { pending, error, setError, run } = useAsyncAction();

  const go = (next: Step) => {
    setStep(next);
    setValue("");
    setError(undefined);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (step.name === "password") {
      const password = value;
      void run(async () => {
        if (step.action === "enable") {
          const { totpURI, backupCodes } = await accountApi.enableTwoFactor(password);
          go({ name: "scan", totpURI, backupCodes });
        } else if (step.action === "disable") {
          await accountApi.disableTwoFactor(password);
          await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
          go({ name: "idle" });
        } else {
          const { backupCodes } = await accountApi.generateBackupCodes(password);
          go({ name: "codes", backupCodes });
        }
      });
    } else if (step.name === "scan") {
      const { backupCodes } = step;
      void run(async () => {
        await accountApi.confirmTwoFactor(value.trim());
        await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        go({ name: "codes", backupCodes });
      });
    }
  }

  const cancel = <Button onClick={() => go({ name: "idle" })}>{t("common:cancel")}</Button>;
  return (
    <Panel id="two-factor" title={t("account.two_factor_title")} description={t("account.two_factor_description")}>
      <div className="flex flex-wrap items-center gap-2">
        {enabled ? <Badge>{t("account.two_factor_on")}</Badge> : <Badge tone="grey">{t("account.two_factor_off")}</Badge>}
        {step.name === "idle" ? (
          <div className="ml-auto flex gap-2">
            {enabled ? (
              <>
                <Button onClick={() => go({ name: "password", action: "regenerate" })}>{t("account.regenerate_codes")}</Button>
                <Button onClick={() => go({ name: "password", action: "disable" })}>{t("account.disable")}</Button>
              </>
            ) : (
              <Button variant="primary" disabled={!hasPassword} title={hasPassword ? undefined : t("account.two_factor_needs_password")} onClick={() => go({ name: "password", action: "enable" })}>
                {t("account.enable")}
              </Button>
            )}
          </div>
        ) : null}
      </div>
      {!enabled && !hasPassword ? <p className="text-xs text-zinc-500">{t("account.two_factor_needs_password")}</p> : null}
      {step.name === "password" ? (
        <form onSubmit={submit} className="space-y-3" aria-label={t("account.confirm_password")}>
          <Field label={t("auth.password")} name="two-factor-password" type="password" autoComplete="current-password" value={value} onChange={(event) => setValue(event.target.value)} autoFocus error={error} />
          <div className="flex justify-end gap-2">
            {cancel}
            <Button type="submit" variant="primary" pending={pending} disabled={!value}>
              {t("account.continue")}
            </Button>
          </div>
        </form>
      ) : null}
      {step.name === "scan" ? (
        <form onSubmit={submit} className="space-y-3" aria-label={t("account.scan_title")}>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("account.scan_hint")}</p>
          <div className="flex flex-wrap items-center gap-4">
            <QrCode text={step.totpURI} label={t("account.qr_label")} />
            <div className="min-w-0 flex-1 space-y-1 text-xs">
              <p className="text-zinc-500">{t("account.secret")}</p>
              <code className="block break-all rounded bg-zinc-100 p-2 font-mono dark:bg-zinc-800" data-testid="totp-secret">
                {totpSecret(step.totpURI) ?? step.totpURI}
              </code>
            </div>
          </div>
          <Field label={t("auth.totp_code")} name="totp-code" inputMode="numeric" autoComplete="one-time-code" value={value} onChange={(event) => setValue(event.target.value)} error={error} />
          <div className="flex justify-end gap-2">
            {cancel}
            <Button type="submit" variant="primary" pending={pending} disabled={!/^\d{6}$/.test(value.trim())}>
              {t("auth.verify")}
            </Button>
          </div>
        </form>
      ) : null}
      {step.name === "codes" ? (
        <div className="space-y-3">
          <BackupCodes codes={step.backupCodes} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => go({ name: "idle" })}>
              {t("account.done")}
            </Button>
          </div>
        </div>
      ) : null}
    </Panel>
  );
}
