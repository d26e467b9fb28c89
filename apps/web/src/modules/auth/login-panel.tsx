import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { sessionKeys } from "../../queries/session.ts";
import { ForgotPasswordForm } from "./forgot-password-form.tsx";
import { LoginForm } from "./login-form.tsx";
import { SocialSignIn } from "./social-sign-in.tsx";
import { TwoFactorForm } from "./two-factor-form.tsx";
import { showVerifyEmailToast } from "./verify-email-notice.tsx";

type Step = { name: "credentials" } | { name: "two-factor" } | { name: "forgot" };

/**
 * The sign-in screen's steps: credentials (with the social buttons), the two-factor code and the
 * forgotten-password form. Registering with an unconfirmed address goes on into the app with a
 * "Verify your e-mail" notice that can send the link again.
 */
export function LoginPanel() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "credentials" });
  const back = () => setStep({ name: "credentials" });
  // The sign-in page follows the session: once it is there, it moves on (see RedirectIfSignedIn).
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  switch (step.name) {
    case "two-factor":
      return <TwoFactorForm onDone={refresh} onCancel={back} />;
    case "forgot":
      return <ForgotPasswordForm onBack={back} />;
    default:
      return (
        <div className="space-y-4">
          <LoginForm
            onSignedIn={refresh}
            onTwoFactor={() => setStep({ name: "two-factor" })}
            onRegistered={(email) => {
              showVerifyEmailToast(email);
              return refresh();
            }}
            onForgot={() => setStep({ name: "forgot" })}
          />
          <SocialSignIn />
        </div>
      );
  }
}
