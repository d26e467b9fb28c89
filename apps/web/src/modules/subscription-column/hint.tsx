import * as Tooltip from "@radix-ui/react-tooltip";
import type { ReactNode } from "react";

/** A small icon with a tooltip (a feed's error message, "private", "owned by you"). */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span className="flex shrink-0 items-center" aria-label={label} role="img">
          {children}
        </span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 max-w-[280px] rounded-md bg-zinc-900 px-2 py-1 text-xs leading-snug break-words text-white shadow-lg dark:bg-zinc-100 dark:text-zinc-900"
        >
          {label}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
