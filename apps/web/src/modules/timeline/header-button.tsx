import * as Tooltip from "@radix-ui/react-tooltip";
import clsx from "clsx";
import type { LucideIcon } from "lucide-react";
import { displayKeys, SHORTCUTS, type ShortcutId } from "../hotkeys/index.ts";

const BUTTON =
  "inline-flex size-8 items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

/**
 * An icon button of the timeline header. Its tooltip names it and its key; a disabled button
 * still shows its tooltip (the trigger is a wrapper, since disabled buttons hear no pointer).
 */
export function HeaderButton(props: {
  icon: LucideIcon;
  label: string;
  /** Longer text for the tooltip (defaults to the label). */
  hint?: string;
  shortcut?: ShortcutId;
  onClick?: () => void;
  active?: boolean;
  spinning?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const Icon = props.icon;
  const keys = props.shortcut ? SHORTCUTS[props.shortcut].keys[0] : undefined;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span className="inline-flex" tabIndex={props.disabled ? 0 : -1}>
          <button
            type="button"
            className={clsx(BUTTON, props.active && "text-orange-500 hover:text-orange-600 dark:text-orange-400 dark:hover:text-orange-300")}
            aria-label={props.label}
            aria-pressed={props.active}
            disabled={props.disabled}
            data-testid={props.testId}
            onClick={props.onClick}
          >
            <Icon className={clsx("size-[18px]", props.spinning && "animate-spin")} aria-hidden />
          </button>
        </span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 flex max-w-64 items-center gap-2 rounded-md bg-zinc-900 px-2 py-1 text-xs text-white shadow-md dark:bg-zinc-100 dark:text-zinc-900"
        >
          {props.hint ?? props.label}
          {keys ? <kbd className="rounded border border-current/20 px-1 font-sans text-[0.7rem] leading-4 opacity-70">{displayKeys(keys).join(" ")}</kbd> : null}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
