import clsx from "clsx";
import type { ButtonHTMLAttributes, ReactNode } from "react";

/** One block of the profile and invitations tabs: a heading, a line under it, then its content. */
export function Panel({ title, description, children, tone = "normal", id }: { title: string; description?: string; children: ReactNode; tone?: "normal" | "danger"; id?: string }) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      className={clsx("space-y-4 rounded-xl border p-5", tone === "danger" ? "border-red-200 dark:border-red-900/60" : "border-zinc-200 dark:border-zinc-800")}
    >
      <div>
        <h3 id={id ? `${id}-title` : undefined} className={clsx("font-semibold", tone === "danger" && "text-red-600 dark:text-red-400")}>
          {title}
        </h3>
        {description ? <p className="mt-0.5 text-sm text-zinc-500">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

const VARIANTS = {
  primary: "bg-orange-500 text-white hover:bg-orange-600 border-transparent",
  secondary: "border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800",
  danger: "border-transparent bg-red-600 text-white hover:bg-red-700",
} as const;

/** A button that shows a spinner and ignores clicks while `pending` (spec §4). */
export function Button(props: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS; pending?: boolean }) {
  const { variant = "secondary", pending, className, disabled, children, type = "button", ...rest } = props;
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={clsx(
        "inline-flex items-center justify-center gap-1.5 rounded-lg border px-3 py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50",
        VARIANTS[variant],
        className,
      )}
      {...rest}
    >
      {pending ? <span className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden /> : null}
      {children}
    </button>
  );
}

/** A short green or grey label beside a value ("Verified", "This device"). */
export function Badge({ children, tone = "green" }: { children: ReactNode; tone?: "green" | "grey" | "amber" }) {
  const tones = {
    green: "bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300",
    grey: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300",
    amber: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300",
  } as const;
  return <span className={clsx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium", tones[tone])}>{children}</span>;
}

/** The message of a failed call, for showing under a field. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
