import { MapPinOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation } from "react-router";
import { useRemoveSkeleton } from "./remove-skeleton.ts";

/** Any unknown path: the not-found page, except `…/index.html`, which goes to `/`. */
export function NotFound() {
  const { t } = useTranslation("app");
  const { pathname } = useLocation();
  useRemoveSkeleton();
  if (pathname.endsWith("/index.html")) return <Navigate to="/" replace />;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-white p-6 text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100">
      <div className="max-w-md space-y-4 text-center">
        <MapPinOff className="mx-auto size-12 text-orange-400" aria-hidden />
        <h1 className="text-lg font-medium">{t("not_found.title")}</h1>
        <p className="font-mono text-sm text-zinc-500">{t("not_found.path", { path: pathname })}</p>
        <Link to="/" className="inline-block rounded-lg bg-orange-500 px-4 py-2 text-sm text-white hover:bg-orange-600">
          {t("common:back_home")}
        </Link>
      </div>
    </main>
  );
}
