import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { useSignOut } from "../auth/index.ts";
import { confirm } from "../modal/index.ts";
import { accountApi } from "./account-api.ts";
import { Button, Panel } from "./ui.tsx";

/** Deleting the account: the password, a danger confirm, then signed out onto the sign-in screen. */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("app");
  const signOut = useSignOut();
  const [password, setPassword] = useState("");
  const { pending, error, run } = useAsyncAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const sure = await confirm({ title: t("account.delete_confirm_title"), message: t("account.delete_confirm_message"), variant: "danger", confirmText: t("account.delete") });
    if (!sure) return;
    await run(async () => {
      await accountApi.deleteUser(hasPassword ? password : undefined);
      // The session is gone with the account; this clears what the device kept and goes to /login.
      await signOut();
    });
  }

  return (
    <Panel id="delete" tone="danger" title={t("account.delete_title")} description={t("account.delete_description")}>
      <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={t("account.delete_title")}>
        {hasPassword ? (
          <Field label={t("auth.password")} name="delete-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={error} />
        ) : error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" variant="danger" pending={pending} disabled={hasPassword && !password}>
            {t("account.delete")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
