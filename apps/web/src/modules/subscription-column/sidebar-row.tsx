import * as ContextMenu from "@radix-ui/react-context-menu";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import clsx from "clsx";
import { MoreHorizontal } from "lucide-react";
import { type MouseEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCount } from "../../lib/format.ts";
import { useUISetting } from "../../store/settings.store.ts";
import { ContextMenuItems, DropdownMenuItems, type MenuItem } from "./menu.tsx";

export interface SidebarRowProps {
  /** Row id: keyboard navigation scrolls to `[data-row-id]`. */
  id: string;
  to: string;
  title: string;
  icon: ReactNode;
  unread?: number;
  active: boolean;
  /** The keyboard cursor (J/K) is here. */
  highlighted?: boolean;
  /** Picked with Cmd/Ctrl-click. */
  selected?: boolean;
  /** Inside an open folder. */
  nested?: boolean;
  /** Before the icon (a folder's chevron). */
  leading?: ReactNode;
  /** After the title (private, error, owned). */
  badges?: ReactNode;
  /** The row's menu, built when opened. */
  menu?: () => MenuItem[];
  /** Hears the menu opening, to load what it needs (the reader's lists). */
  onMenuOpenChange?: (open: boolean) => void;
  /** Runs first on a click; answering true keeps the link from navigating (Cmd/Ctrl-click selects). */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => boolean | void;
  /** Muted title (a folder's feed with nothing unread is not). */
  strong?: boolean;
}

/**
 * One row of the subscription column: icon, title, badges, unread count; a right-click menu and
 * the same menu behind a "…" button that shows on hover, for those without a right button.
 */
export function SidebarRow(props: SidebarRowProps) {
  const { t } = useTranslation("app");
  const showCount = useUISetting("sidebarShowUnreadCount");
  const [contextOpen, setContextOpen] = useState(false);
  const [dropdownOpen, setDropdownOpen] = useState(false);
  const count = showCount && props.unread ? formatCount(props.unread) : null;
  const menuOpen = contextOpen || dropdownOpen;

  const setOpen = (setter: (open: boolean) => void) => (open: boolean) => {
    setter(open);
    props.onMenuOpenChange?.(open);
  };

  const row = (
    <div
      data-row-id={props.id}
      data-active={props.active || undefined}
      className={clsx(
        "group/row relative mx-2 flex h-8 items-center rounded-md text-[13px] transition-colors",
        props.active
          ? "bg-zinc-200/80 text-zinc-950 dark:bg-zinc-800 dark:text-white"
          : props.selected
            ? "bg-orange-500/10 text-zinc-900 dark:bg-orange-500/15 dark:text-zinc-100"
            : "text-zinc-700 hover:bg-zinc-200/50 dark:text-zinc-300 dark:hover:bg-zinc-800/60",
        props.highlighted && !props.active && "ring-1 ring-zinc-300 ring-inset dark:ring-zinc-700",
        menuOpen && !props.active && "bg-zinc-200/50 dark:bg-zinc-800/60",
      )}
    >
      {props.leading}
      <Link
        to={props.to}
        aria-current={props.active ? "page" : undefined}
        onClick={(event) => {
          if (props.onClick?.(event)) event.preventDefault();
        }}
        className={clsx("flex h-full min-w-0 flex-1 items-center gap-2 pr-2 outline-none focus-visible:ring-2 focus-visible:ring-orange-500/50 rounded-md", props.leading ? "pl-0.5" : props.nested ? "pl-7" : "pl-2")}
      >
        <span className="flex size-4 shrink-0 items-center justify-center">{props.icon}</span>
        <span className={clsx("min-w-0 flex-1 truncate", (props.active || props.strong) && "font-medium")}>{props.title}</span>
        {props.badges}
        {count ? (
          <span
            className={clsx(
              "ml-1 shrink-0 text-[11px] tabular-nums text-zinc-400 dark:text-zinc-500",
              props.menu && "group-hover/row:invisible group-focus-within/row:invisible",
              menuOpen && "invisible",
            )}
            data-testid="unread-count"
          >
            {count}
          </span>
        ) : null}
      </Link>
      {props.menu ? (
        <DropdownMenu.Root open={dropdownOpen} onOpenChange={setOpen(setDropdownOpen)} modal={false}>
          <DropdownMenu.Trigger
            aria-label={t("subscriptions.more_actions", { title: props.title })}
            className={clsx(
              "absolute top-1/2 right-1 flex size-6 -translate-y-1/2 items-center justify-center rounded text-zinc-500 outline-none hover:bg-zinc-300/60 hover:text-zinc-800 focus-visible:opacity-100 dark:hover:bg-zinc-700 dark:hover:text-zinc-100",
              dropdownOpen ? "opacity-100" : "opacity-0 group-hover/row:opacity-100 group-focus-within/row:opacity-100",
            )}
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </DropdownMenu.Trigger>
          {dropdownOpen ? <DropdownMenuItems items={props.menu()} /> : null}
        </DropdownMenu.Root>
      ) : null}
    </div>
  );

  if (!props.menu) return row;
  return (
    <ContextMenu.Root onOpenChange={setOpen(setContextOpen)} modal={false}>
      <ContextMenu.Trigger asChild>{row}</ContextMenu.Trigger>
      {contextOpen ? <ContextMenuItems items={props.menu()} /> : null}
    </ContextMenu.Root>
  );
}
