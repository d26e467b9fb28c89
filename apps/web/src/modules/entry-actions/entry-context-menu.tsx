import * as ContextMenu from "@radix-ui/react-context-menu";
import type { FeedView } from "@tidings/contracts";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { byGroup, MenuItems } from "./menu-items.tsx";
import { useEntryActions } from "./use-entry-actions.ts";

export interface EntryContextMenuProps {
  entryId: string;
  view: FeedView;
  onReadAbove?: () => void;
  onReadBelow?: () => void;
  /** One element (a timeline row): it becomes the menu's trigger. */
  children: ReactNode;
}

type ContentProps = Omit<EntryContextMenuProps, "children"> & Omit<ComponentPropsWithRef<typeof ContextMenu.Content>, "children">;

/**
 * Mounted only while the menu is open, so a long timeline does not compute every row's actions.
 * Props and ref the portal passes down go on to the menu content.
 */
function EntryMenuContent({ entryId, view, onReadAbove, onReadBelow, className, ...rest }: ContentProps) {
  const { all } = useEntryActions(entryId, { view, ...(onReadAbove ? { onReadAbove } : {}), ...(onReadBelow ? { onReadBelow } : {}) });
  return (
    <ContextMenu.Content
      {...rest}
      className={className ?? "z-50 max-h-[80vh] min-w-56 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm text-zinc-800 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200"}
    >
      <MenuItems actions={byGroup(all.filter((action) => !action.hidden))} kind="context" />
    </ContextMenu.Content>
  );
}

/** The entry actions menu on a right click (or long press) of a timeline row. */
export function EntryContextMenu({ children, ...props }: EntryContextMenuProps) {
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>{children}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <EntryMenuContent {...props} />
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
