import type { MenuItemConstructorOptions } from "electron";
import type { MenuSpec } from "../shell/host.ts";

type Item = MenuSpec["items"][number];

/**
 * Whether the OS should catch an item's keys itself. Items for the web client's shortcuts
 * (`command:…`) never register: the page already handles those keys (single letters in its
 * list, CmdOrCtrl+K and the like in its global handler), so a registered accelerator would run
 * the command twice, or take "J" away from a text field. The menu still shows their keys.
 * The shell's own items (Quit, Reload) are not the page's: the OS catches those.
 */
export function registersAccelerator(id: string, accelerator: string): boolean {
  const singleKey = !accelerator.includes("+");
  return !singleKey && !id.startsWith("command:");
}

/** One item of the shell's menu spec as Electron's menu item: a click reports its id. */
export function menuItem(item: Item, onClick: (id: string) => void): MenuItemConstructorOptions {
  if (item === "separator") return { type: "separator" };
  return {
    id: item.id,
    label: item.label,
    ...(item.accelerator ? { accelerator: item.accelerator, registerAccelerator: registersAccelerator(item.id, item.accelerator) } : {}),
    ...(item.checked === undefined ? {} : { type: "checkbox" as const, checked: item.checked }),
    click: () => onClick(item.id),
  };
}

/**
 * The menu bar. An Edit menu of Electron's roles comes second: without it macOS gives text
 * fields no copy, paste or undo keys at all, and elsewhere it is where readers look for them.
 */
export function menuBar(menus: MenuSpec[], onClick: (id: string) => void): MenuItemConstructorOptions[] {
  const edit: MenuItemConstructorOptions = {
    label: "Edit",
    submenu: [{ role: "undo" }, { role: "redo" }, { type: "separator" }, { role: "cut" }, { role: "copy" }, { role: "paste" }, { role: "selectAll" }],
  };
  const bar = menus.map((menu): MenuItemConstructorOptions => ({ label: menu.label, submenu: menu.items.map((item) => menuItem(item, onClick)) }));
  return [...bar.slice(0, 1), edit, ...bar.slice(1)];
}
