import type { ReactNode } from "react";
import { Logo } from "../../components/logo.tsx";
import { useRemoveSkeleton } from "../errors/index.ts";

/** The centred card around the sign-in and activation screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useRemoveSkeleton();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <div className="w-full max-w-sm space-y-6 rounded-2xl border border-zinc-200 bg-white p-8 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="space-y-2 text-center">
          <Logo className="mx-auto size-10" />
          <h1 className="text-lg font-semibold">{title}</h1>
          {subtitle ? <p className="text-sm text-zinc-500">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
