import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Field } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { MIN_PASSWORD_LENGTH } from "../auth/index.ts";
import { accountApi } from "./account-api.ts";
import { accountKeys } from "./account-queries.ts";
import { Button, Panel } from "./ui.tsx";

/** Change the password, or set one for an account that only signs in with a provider. */
export function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [revokeOthers, setRevokeOthers] = useState(true);
  const { pending, error, run } = useAsyncAction();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      if (hasPassword) await accountApi.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: revokeOthers });
      else await accountApi.setPassword(next);
      await queryClient.invalidateQueries({ queryKey: accountKeys.linked });
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      toast.success(hasPassword ? t("account.password_changed") : t("account.password_set"));
      setCurrent("");
      setNext("");
      setRepeat("");
    });
  }

  const mismatch = repeat.length > 0 && repeat !== next;
  const ready = next.length >= MIN_PASSWORD_LENGTH && repeat === next && (!hasPassword || current.length > 0);
  return (
    <Panel id="password" title={t("account.password_title")} description={hasPassword ? undefined : t("account.password_set_description")}>
      <form onSubmit={submit} className="space-y-3" aria-label={hasPassword ? t("account.change_password") : t("account.set_password")}>
        {hasPassword ? (
          <Field label={t("account.current_password")} name="current-password" type="password" autoComplete="current-password" value={current} onChange={(event) => setCurrent(event.target.value)} />
        ) : null}
        <Field label={t("auth.new_password")} name="new-password" type="password" autoComplete="new-password" value={next} onChange={(event) => setNext(event.target.value)} hint={t("auth.password_hint")} />
        <Field
          label={t("auth.repeat_password")}
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          error={mismatch ? t("auth.password_mismatch") : error}
        />
        {hasPassword ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={revokeOthers} onChange={(event) => setRevokeOthers(event.target.checked)} />
            {t("account.revoke_others_on_change")}
          </label>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" variant="primary" pending={pending} disabled={!ready}>
            {hasPassword ? t("account.change_password") : t("account.set_password")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
