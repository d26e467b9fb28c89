import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, SubmitButton } from "../../components/form.tsx";
import { sessionKeys } from "../../queries/session.ts";
import { authApi } from "./auth-api.ts";

type Mode = "sign-in" | "sign-up";

/** Sign in, or create an account, with e-mail and password. */
export function LoginForm() {
  const { t } = useTranslation("app");
  const [mode, setMode] = useState<Mode>("sign-in");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const queryClient = useQueryClient();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(undefined);
    try {
      if (mode === "sign-in") await authApi.signIn({ email, password });
      else await authApi.signUp({ email, password, name: String(form.get("name") ?? "").trim() || email.split("@")[0]! });
      // The sign-in page follows the session: once it is there, it moves on (see RedirectIfSignedIn).
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("auth.failed"));
    } finally {
      setPending(false);
    }
  }

  const signUp = mode === "sign-up";
  return (
    <form onSubmit={submit} className="space-y-4" noValidate={false} aria-label={signUp ? t("auth.sign_up") : t("auth.sign_in")}>
      {signUp ? <Field label={t("auth.name")} name="name" autoComplete="name" maxLength={100} /> : null}
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
