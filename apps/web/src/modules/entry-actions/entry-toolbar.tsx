import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import * as Tooltip from "@radix-ui/react-tooltip";
import type { FeedView } from "@tidings/contracts";
import clsx from "clsx";
import { Ellipsis } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ActionIcon } from "./action-icon.tsx";
import { MenuItems } from "./menu-items.tsx";
import { ShortcutKeys } from "./shortcut-keys.tsx";
import type { EntryAction } from "./types.ts";
import { useEntryActions } from "./use-entry-actions.ts";

export interface EntryToolbarProps {
  entryId: string;
  view: FeedView;
  onReadAbove?: () => void;
  onReadBelow?: () => void;
  className?: string;
}

const BUTTON =
  "inline-flex size-8 items-center justify-center rounded-md text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none disabled:opacity-60 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

function ToolbarButton({ action }: { action: EntryAction }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <button type="button" className={BUTTON} aria-label={action.label} data-action={action.id} aria-busy={action.busy || undefined} onClick={() => void action.run()}>
          <ActionIcon action={action} className="size-[18px]" />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="bottom"
          sideOffset={6}
          className="z-50 flex items-center gap-2 rounded-md bg-zinc-900 px-2 py-1 text-xs text-white shadow-md dark:bg-zinc-100 dark:text-zinc-900"
        >
          {action.label}
          <ShortcutKeys id={action.shortcut} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

/**
 * The reader's toolbar: the person's chosen actions as icon buttons (tooltips name them and their
 * keys), the rest in a "more" menu that ends with "Customize toolbar".
 */
export function EntryToolbar({ entryId, view, onReadAbove, onReadBelow, className }: EntryToolbarProps) {
  const { t } = useTranslation("app");
  const { main, more } = useEntryActions(entryId, { view, ...(onReadAbove ? { onReadAbove } : {}), ...(onReadBelow ? { onReadBelow } : {}) });
  const buttons = main.filter((action) => !action.hidden);
  const items = more.filter((action) => !action.hidden);
  if (main.length === 0 && more.length === 0) return null;
  return (
    <Tooltip.Provider delayDuration={400}>
      <div role="toolbar" aria-label={t("entry_actions.toolbar")} className={clsx("flex items-center gap-0.5", className)}>
        {buttons.map((action) => (
          <ToolbarButton key={action.id} action={action} />
        ))}
        {items.length > 0 ? (
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={BUTTON} aria-label={t("entry_actions.more")} title={t("entry_actions.more")}>
              <Ellipsis className="size-[18px]" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={6}
                className="z-50 max-h-[70vh] min-w-56 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"
              >
                <MenuItems actions={items} kind="dropdown" />
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        ) : null}
      </div>
    </Tooltip.Provider>
  );
}
