import { formatPower, type PublicUser } from "@tidings/contracts";
import clsx from "clsx";
import { Zap } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar.tsx";
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
  return <Avatar image={user?.image} name={userName(user, "?")} size={size} />;
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
