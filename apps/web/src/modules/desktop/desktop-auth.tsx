import { useQueryClient } from "@tanstack/react-query";
import { DESKTOP_SCHEME } from "@tidings/contracts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { sessionKeys } from "../../queries/session.ts";
import { AuthLayout, authRequest, RequireSession } from "../auth/index.ts";

/**
 * The desktop shell's sign-in hand-off (spec §2), `/desktop-auth`:
 * - `?state=` in the system browser, once signed in there: asks the server for a one-time code
 *   and opens `tidings://auth?code=…&state=…`, which the shell receives;
 * - `?code=` in the shell's window: redeems the code for a session of the window's own.
 */
export function DesktopAuthPage() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const state = params.get("state");
  if (code) return <RedeemHandoff code={code} />;
  if (state) {
    return (
      <RequireSession>
        <HandOffToApp state={state} />
      </RequireSession>
    );
  }
  return <HandoffMessage error />;
}

function HandoffMessage({ error, children }: { error?: boolean; children?: React.ReactNode }) {
  const { t } = useTranslation("app");
  return (
    <AuthLayout title={t("desktop.handoff_title")} subtitle={error ? t("desktop.handoff_invalid") : ""}>
      <div className="space-y-4 text-center text-sm">
        {children}
        {error ? (
          <Link to="/login" className="text-orange-600 hover:underline dark:text-orange-400">
            {t("desktop.back_to_sign_in")}
          </Link>
        ) : null}
      </div>
    </AuthLayout>
  );
}

function HandOffToApp({ state }: { state: string }) {
  const { t } = useTranslation("app");
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<string>();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    authRequest<{ code: string }>("/desktop-handoff", {})
      .then(({ code }) => {
        const url = `${DESKTOP_SCHEME}://auth?${new URLSearchParams({ code, state })}`;
        setLink(url);
        window.location.assign(url);
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [state]);
  if (error) return <HandoffMessage error>{<p role="alert">{error}</p>}</HandoffMessage>;
  return (
    <HandoffMessage>
      <p>{t("desktop.handoff_open")}</p>
      {link ? (
        <a href={link} className="inline-block rounded-lg bg-orange-600 px-4 py-2 font-medium text-white hover:bg-orange-700" data-testid="open-desktop-app">
          {t("desktop.open_app")}
        </a>
      ) : null}
      <p className="text-xs text-zinc-500">{t("desktop.handoff_close")}</p>
    </HandoffMessage>
  );
}

function RedeemHandoff({ code }: { code: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    authRequest("/desktop-handoff/redeem", { code })
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        await navigate("/timeline", { replace: true });
      })
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [code, navigate, queryClient]);
  if (error) return <HandoffMessage error>{<p role="alert">{error}</p>}</HandoffMessage>;
  return <HandoffMessage>{<p role="status">…</p>}</HandoffMessage>;
}
