import * as ContextMenu from "@radix-ui/react-context-menu";
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import clsx from "clsx";
import { ChevronRight, type LucideIcon } from "lucide-react";

/**
 * One entry of a row's menu. Menus are data: the same list renders as the right-click menu and
 * as the "…" button's menu, and tests can read it.
 */
export type MenuItem =
  | { type: "item"; id: string; label: string; icon?: LucideIcon; danger?: boolean; disabled?: boolean; onSelect: () => void }
  | { type: "submenu"; id: string; label: string; icon?: LucideIcon; disabled?: boolean; items: MenuItem[] }
  | { type: "label"; id: string; label: string }
  | { type: "separator"; id: string };

/** The classes of a menu panel (context menu, dropdown and their submenus). */
export const MENU_PANEL =
  "z-50 min-w-[220px] max-w-[300px] overflow-hidden rounded-lg border border-zinc-200 bg-white/95 p-1 text-[13px] text-zinc-800 shadow-xl shadow-black/10 backdrop-blur dark:border-zinc-700/80 dark:bg-zinc-900/95 dark:text-zinc-200";

const ITEM =
  "flex h-7 cursor-default items-center gap-2 rounded-md px-2 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-45 data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800";
const DANGER = "text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-500/10";

type Kit = typeof ContextMenu | typeof DropdownMenu;

function Items({ items, kit }: { items: MenuItem[]; kit: Kit }) {
  // The two Radix menus share one anatomy; their part types differ only in name.
  const K = kit as typeof ContextMenu;
  return (
    <>
      {items.map((item) => {
        if (item.type === "separator") return <K.Separator key={item.id} className="mx-1 my-1 h-px bg-zinc-200 dark:bg-zinc-700/70" />;
        if (item.type === "label")
          return (
            <K.Label key={item.id} className="truncate px-2 pt-1.5 pb-1 text-[11px] font-medium text-zinc-500 dark:text-zinc-400">
              {item.label}
            </K.Label>
          );
        const Icon = item.icon;
        const icon = Icon ? <Icon className="size-4 shrink-0 opacity-70" aria-hidden /> : <span className="size-4 shrink-0" aria-hidden />;
        if (item.type === "submenu")
          return (
            <K.Sub key={item.id}>
              <K.SubTrigger className={clsx(ITEM, "data-[state=open]:bg-zinc-100 dark:data-[state=open]:bg-zinc-800")} disabled={item.disabled} data-menu-id={item.id}>
                {icon}
                <span className="min-w-0 flex-1 truncate">{item.label}</span>
                <ChevronRight className="size-3.5 opacity-50" aria-hidden />
              </K.SubTrigger>
              <K.Portal>
                <K.SubContent className={clsx(MENU_PANEL, "max-h-[60vh] overflow-y-auto")} sideOffset={4} alignOffset={-4}>
                  <Items items={item.items} kit={kit} />
                </K.SubContent>
              </K.Portal>
            </K.Sub>
          );
        return (
          <K.Item key={item.id} className={clsx(ITEM, item.danger && DANGER)} disabled={item.disabled} onSelect={item.onSelect} data-menu-id={item.id}>
            {icon}
            <span className="min-w-0 flex-1 truncate">{item.label}</span>
          </K.Item>
        );
      })}
    </>
  );
}

/** The right-click menu of a row. */
export function ContextMenuItems({ items }: { items: MenuItem[] }) {
  return (
    <ContextMenu.Portal>
      <ContextMenu.Content className={MENU_PANEL} data-testid="row-menu">
        <Items items={items} kit={ContextMenu} />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  );
}

/** The same menu under the "…" button of a row. */
export function DropdownMenuItems({ items }: { items: MenuItem[] }) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content className={MENU_PANEL} align="start" sideOffset={4} data-testid="row-menu">
        <Items items={items} kit={DropdownMenu} />
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}
