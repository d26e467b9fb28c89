import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/form.tsx";
import { useAsyncAction } from "../../components/use-async-action.ts";
import { sessionKeys } from "../../queries/session.ts";
import { VerifyEmailNotice } from "../auth/index.ts";
import { accountApi } from "./account-api.ts";
import { Badge, Button, Panel } from "./ui.tsx";
import type { AccountUser } from "./use-session-user.ts";

/**
 * The e-mail address: verified or not (with "send again"), and changing it. A verified address is
 * changed after the link sent to the new one is followed; an unverified one changes at once.
 */
export function EmailSection({ user }: { user: AccountUser }) {
  const { t } = useTranslation("app");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState("");
  const { pending, error, run } = useAsyncAction();
  const [notice, setNotice] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      await accountApi.changeEmail(email.trim());
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      setNotice(user.emailVerified ? t("account.email_change_sent", { email: email.trim() }) : t("account.email_changed"));
      setEditing(false);
      setEmail("");
    });
  }

  return (
    <Panel id="email" title={t("account.email_title")}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium" data-testid="account-email">
          {user.email}
        </span>
        {user.emailVerified ? <Badge>{t("account.verified")}</Badge> : <Badge tone="amber">{t("account.unverified")}</Badge>}
        {editing ? null : (
          <Button className="ml-auto" onClick={() => setEditing(true)}>
            {t("account.change_email")}
          </Button>
        )}
      </div>
      {user.emailVerified ? null : <VerifyEmailNotice email={user.email} />}
      {notice ? (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {notice}
        </p>
      ) : null}
      {editing ? (
        <form onSubmit={submit} className="space-y-3" aria-label={t("account.change_email")}>
          <Field label={t("account.new_email")} name="new-email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} autoFocus error={error} />
          <div className="flex justify-end gap-2">
            <Button onClick={() => setEditing(false)}>{t("common:cancel")}</Button>
            <Button type="submit" variant="primary" pending={pending} disabled={!email.includes("@") || email.trim() === user.email}>
              {t("account.change_email")}
            </Button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}
