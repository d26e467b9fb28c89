import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, SubmitButton } from "../../components/form.tsx";
import { authApi } from "./auth-api.ts";

type Mode = "sign-in" | "sign-up";

export interface LoginFormEvents {
  /** Signed in, or registered with an address that needs no confirming. */
  onSignedIn: () => Promise<void> | void;
  /** The password was right and two-factor is on: ask for the code. */
  onTwoFactor: () => void;
  /** Registered; the address is not confirmed yet. */
  onRegistered: (email: string) => Promise<void> | void;
  onForgot: () => void;
}

/** Sign in, or register, with e-mail and password (one form, switched at its foot). */
export function LoginForm({ onSignedIn, onTwoFactor, onRegistered, onForgot }: LoginFormEvents) {
  const { t } = useTranslation("app");
  const [mode, setMode] = useState<Mode>("sign-in");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(undefined);
    try {
      if (mode === "sign-in") {
        const answer = await authApi.signIn({ email, password });
        if (answer.twoFactorRedirect) onTwoFactor();
        else await onSignedIn();
      } else {
        const name = String(form.get("name") ?? "").trim() || email.split("@")[0]!;
        const { user } = await authApi.signUp({ email, password, name });
        if (user.emailVerified === false) await onRegistered(email);
        else await onSignedIn();
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("auth.failed"));
    } finally {
      setPending(false);
    }
  }

  const signUp = mode === "sign-up";
  return (
    <form key={mode} onSubmit={submit} className="space-y-4" aria-label={signUp ? t("auth.sign_up") : t("auth.sign_in")}>
      {signUp ? <Field label={t("auth.name")} name="name" autoComplete="name" maxLength={50} /> : null}
      <Field label={t("auth.email")} name="email" type="email" autoComplete="email" required />
      <Field
        label={t("auth.password")}
        name="password"
        type="password"
        autoComplete={signUp ? "new-password" : "current-password"}
        minLength={signUp ? 8 : undefined}
        required
        hint={signUp ? t("auth.password_hint") : undefined}
        error={error}
      />
      {signUp ? null : (
        <p className="-mt-2 text-right text-xs">
          <button type="button" className="text-orange-600 hover:underline dark:text-orange-400" onClick={onForgot}>
            {t("auth.forgot")}
          </button>
        </p>
      )}
      <SubmitButton pending={pending}>{signUp ? t("auth.sign_up") : t("auth.sign_in")}</SubmitButton>
      <p className="text-center text-sm text-zinc-500">
        {signUp ? t("auth.have_account") : t("auth.no_account")}{" "}
        <button
          type="button"
          className="font-medium text-orange-600 hover:underline dark:text-orange-400"
          onClick={() => {
            setMode(signUp ? "sign-in" : "sign-up");
            setError(undefined);
          }}
        >
          {signUp ? t("auth.sign_in") : t("auth.sign_up")}
        </button>
      </p>
    </form>
  );
}
