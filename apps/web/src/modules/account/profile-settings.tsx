import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SettingsSection } from "../../components/settings/settings-section.tsx";
import { linkedAccountsQuery } from "./account-queries.ts";
import { DeleteAccountSection } from "./delete-account-section.tsx";
import { EmailSection } from "./email-section.tsx";
import { LinkedAccountsSection } from "./linked-accounts-section.tsx";
import { PasswordSection } from "./password-section.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { SessionsSection } from "./sessions-section.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";
import { useSessionUser } from "./use-session-user.ts";

/** Settings → Profile: the public profile, then the account (e-mail, password, two-factor, devices, providers, deletion). */
export function ProfileSettings() {
  const { t } = useTranslation("app");
  const me = useSessionUser();
  const linked = useQuery(linkedAccountsQuery);
  if (!me) return <SettingsSection tab="profile" />;
  const accounts = linked.data ?? [];
  const hasPassword = accounts.some((account) => account.providerId === "credential");
  return (
    <SettingsSection tab="profile">
      <ProfileForm key={me.user.updatedAt} user={me.user} />
      <h3 className="pt-2 text-lg font-semibold">{t("account.account_title")}</h3>
      <EmailSection user={me.user} />
      {linked.isPending ? null : (
        <>
          <PasswordSection hasPassword={hasPassword} />
          <TwoFactorSection enabled={me.user.twoFactorEnabled} hasPassword={hasPassword} />
        </>
      )}
      <SessionsSection currentId={me.session.id} />
      <LinkedAccountsSection accounts={accounts} />
      {linked.isPending ? null : <DeleteAccountSection hasPassword={hasPassword} />}
    </SettingsSection>
  );
}
