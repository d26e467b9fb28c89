import { useTranslation } from "react-i18next";
import { AuthLayout, InvitationForm, RequireSession } from "../modules/auth/index.ts";

export function InvitationPage() {
  const { t } = useTranslation("app");
  return (
    <RequireSession>
      <AuthLayout title={t("invitation.title")} subtitle={t("invitation.description")}>
        <InvitationForm />
      </AuthLayout>
    </RequireSession>
  );
}
