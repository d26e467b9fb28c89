import { formatPower, type PublicUser } from "@tidings/contracts";
import clsx from "clsx";
import { Zap } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/api-client.ts";

/** An amount of POWER with its lightning sign: "⚡ 12.5". `units` are 10^-18 POWER. */
export function PowerAmount({ units, className, testId }: { units: string | bigint; className?: string; testId?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-0.5 tabular-nums", className)} data-testid={testId}>
      <Zap className="size-[0.9em] shrink-0 fill-amber-400 text-amber-500" aria-hidden />
      {formatPower(units)}
    </span>
  );
}

/** How a person is named in lists: their name, else their handle, else a placeholder. */
export function userName(user: PublicUser | null | undefined, fallback: string): string {
  return user?.name?.trim() || (user?.handle ? `@${user.handle}` : "") || fallback;
}

/** A person's round avatar: their picture, else their initials. */
export function UserAvatar({ user, size = 24 }: { user: PublicUser | null | undefined; size?: number }) {
  const name = userName(user, "?");
  if (user?.image && /^https?:\/\//.test(user.image)) {
    return <img src={user.image} alt="" referrerPolicy="no-referrer" className="shrink-0 rounded-full bg-zinc-100 object-cover dark:bg-zinc-800" style={{ width: size, height: size }} />;
  }
  const initials =
    name
      .replace(/^@/, "")
      .split(/\s+/)
      .map((word) => [...word][0] ?? "")
      .join("")
      .slice(0, 2)
      .toUpperCase() || "?";
  return (
    <span
      aria-hidden
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-orange-500 font-semibold text-white"
      style={{ width: size, height: size, fontSize: Math.max(9, Math.round(size * 0.4)) }}
    >
      {initials}
    </span>
  );
}

/** The text of a failed POWER call: the translated message of its code, else the server's. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation("app");
  return useCallback((error: unknown) => errorText(error, (code) => (i18n.exists(`errors:${code}`) ? t(`errors:${code}`) : undefined)), [t, i18n]);
}

/** A refusal shown in a form. */
export function ProblemText({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300">
      {children}
    </p>
  );
}
