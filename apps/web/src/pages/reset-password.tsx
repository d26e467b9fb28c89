import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AuthLayout, ResetPasswordForm } from "../modules/auth/index.ts";

/** `/reset-password?token=`: the page the password-reset mail links to. */
export function ResetPasswordPage() {
  const { t } = useTranslation("app");
  const [params] = useSearchParams();
  return (
    <AuthLayout title={t("auth.reset_title")} subtitle={t("auth.reset_subtitle")}>
      <ResetPasswordForm token={params.get("token")} />
    </AuthLayout>
  );
}
