import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Outlet } from "react-router";
import { Logo } from "../components/logo.tsx";
import { useRemoveSkeleton } from "../modules/errors/index.ts";
import { MainLayout } from "../modules/layout/index.ts";
import { sessionQuery } from "../queries/session.ts";

/** A public page: inside the app when signed in, else on its own with a way to sign in. */
export function ProfileRoute() {
  const { t } = useTranslation("app");
  const { data: session, isPending } = useQuery(sessionQuery);
  useRemoveSkeleton();
  if (isPending) return null;
  if (session) return <MainLayout />;
  return (
    <div className="flex h-dvh flex-col bg-white text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <header className="flex items-center justify-between border-b border-zinc-200 px-6 py-3 dark:border-zinc-800">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Logo className="size-6" />
          {t("common:app_name")}
        </Link>
        <Link to="/login" className="rounded-lg bg-orange-500 px-3 py-1.5 text-sm font-medium text-white hover:bg-orange-600">
          {t("auth.sign_in")}
        </Link>
      </header>
      <main className="min-h-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}
