import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { desktopBridge } from "../../lib/desktop-bridge.ts";
import { authApi } from "./auth-api.ts";
import { providersQuery } from "./auth-queries.ts";
import { safeRedirect } from "./require-session.tsx";

/**
 * Sends the browser to the provider's sign-in page. In the desktop shell, the system's browser
 * signs in instead (spec §2) and hands the session back through a `tidings://auth` link.
 */
async function startSocialSignIn(provider: string, redirect: string): Promise<"browser" | "here"> {
  if (desktopBridge) {
    await desktopBridge.invoke("auth.startSocialSignIn", { provider });
    return "browser";
  }
  const { url } = await authApi.signInSocial(provider, redirect);
  window.location.assign(url);
  return "here";
}

/**
 * One button per sign-in provider the server offers (GitHub, Google, the OpenID provider by its
 * name). `/login?provider=X` (the desktop shell's hand-off, spec §2) starts X's sign-in at once.
 */
export function SocialSignIn() {
  const { t } = useTranslation("app");
  const { data: providers } = useQuery(providersQuery);
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get("redirect"));
  const [pending, setPending] = useState<string>();
  const [error, setError] = useState<string>();
  const [inBrowser, setInBrowser] = useState(false);
  const handedOff = useRef(false);

  async function start(provider: string) {
    setPending(provider);
    setError(undefined);
    try {
      if ((await startSocialSignIn(provider, redirect)) === "browser") {
        setInBrowser(true);
        setPending(undefined);
      }
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("auth.failed"));
      setPending(undefined);
    }
  }

  const requested = params.get("provider");
  useEffect(() => {
    if (!requested || !providers?.[requested] || handedOff.current) return;
    handedOff.current = true;
    setPending(requested);
    startSocialSignIn(requested, redirect).catch((caught: unknown) => {
      setError(caught instanceof Error ? caught.message : String(caught));
      setPending(undefined);
    });
  }, [requested, providers, redirect]);

  const list = Object.values(providers ?? {});
  if (list.length === 0) return null;
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3 text-xs text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {t("auth.or")}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
      {list.map((provider) => (
        <button
          key={provider.id}
          type="button"
          disabled={pending !== undefined}
          aria-busy={pending === provider.id || undefined}
          onClick={() => void start(provider.id)}
          className="flex w-full items-center justify-center gap-2 rounded-lg border border-zinc-300 px-4 py-2 text-sm font-medium hover:bg-zinc-50 disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {pending === provider.id ? <span className="size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-zinc-600" aria-hidden /> : <KeyRound className="size-4" aria-hidden />}
          {t("auth.continue_with", { provider: provider.name })}
        </button>
      ))}
      {inBrowser ? (
        <p role="status" className="text-center text-xs text-zinc-500">
          {t("auth.continue_in_browser")}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-center text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
