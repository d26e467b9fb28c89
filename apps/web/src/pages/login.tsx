import { useTranslation } from "react-i18next";
import { AuthLayout, LoginPanel, RedirectIfSignedIn } from "../modules/auth/index.ts";

export function LoginPage() {
  const { t } = useTranslation("app");
  return (
    <RedirectIfSignedIn>
      <AuthLayout title={t("auth.welcome")} subtitle={t("auth.tagline")}>
        <LoginPanel />
      </AuthLayout>
    </RedirectIfSignedIn>
  );
}
