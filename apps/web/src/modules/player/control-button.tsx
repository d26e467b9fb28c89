import clsx from "clsx";
import type { ComponentPropsWithoutRef, ReactNode } from "react";

interface ControlButtonProps extends Omit<ComponentPropsWithoutRef<"button">, "children"> {
  /** The accessible name, also the tooltip: the buttons show icons only. */
  label: string;
  children: ReactNode;
  /** The video overlay sits on dark footage, the audio bar on the app's own surface. */
  tone?: "surface" | "overlay";
}

/** An icon-only media control, named for screen readers and hover tooltips alike. */
export function ControlButton({ label, children, tone = "surface", className, ...rest }: ControlButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={clsx(
        "inline-flex shrink-0 items-center justify-center rounded-md p-1.5 transition-colors focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none disabled:opacity-40",
        tone === "surface"
          ? "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
          : "text-white/90 hover:bg-white/15 hover:text-white",
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}
