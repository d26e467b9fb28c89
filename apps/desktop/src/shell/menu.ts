import { type Appearance, DESKTOP_COMMANDS, type DesktopCommand } from "@tidings/contracts";
import type { MenuSpec } from "./host.ts";

/** The menu's item ids: `command:<shortcut>`, `appearance:<mode>`, and the shell's own. */
export type MenuAction =
  | { kind: "command"; id: DesktopCommand }
  | { kind: "appearance"; appearance: Appearance }
  | { kind: "show" | "reload" | "signOut" | "changeServer" | "quit" };

const GROUPS: { label: string; commands: DesktopCommand[] }[] = [
  { label: "Go", commands: ["global.search", "global.discover", "global.quickAdd", "global.settings"] },
  { label: "Timeline", commands: ["timeline.refetch", "timeline.next", "timeline.previous", "subscription.markAllRead"] },
  { label: "Entry", commands: ["entry.toggleRead", "entry.toggleStar", "entry.openInBrowser"] },
  { label: "View", commands: ["layout.toggleSubscriptionColumn", "layout.toggleWideMode", "global.showShortcuts"] },
];

const COMMAND_LABELS: Record<DesktopCommand, string> = {
  "global.quickAdd": "Follow…",
  "global.search": "Search",
  "global.discover": "Discover",
  "global.settings": "Settings…",
  "global.showShortcuts": "Keyboard Shortcuts",
  "timeline.refetch": "Refresh",
  "timeline.next": "Next Entry",
  "timeline.previous": "Previous Entry",
  "entry.toggleRead": "Toggle Read",
  "entry.toggleStar": "Toggle Star",
  "entry.openInBrowser": "Open in Browser",
  "subscription.markAllRead": "Mark All as Read",
  "layout.toggleSubscriptionColumn": "Toggle Sidebar",
  "layout.toggleWideMode": "Toggle Wide Mode",
};

/**
 * The app menu: the web client's shortcuts (each shows its keys; choosing one runs it in the
 * page), the colour mode, and the shell's own items. macOS keeps Quit in the app's menu.
 */
export function appMenu(platform: NodeJS.Platform, appearance: Appearance): MenuSpec[] {
  const file: MenuSpec = {
    label: platform === "darwin" ? "Tidings" : "File",
    items: [
      { id: "changeServer", label: "Change Server…" },
      { id: "signOut", label: "Sign Out" },
      "separator",
      { id: "quit", label: "Quit Tidings", accelerator: "CmdOrCtrl+Q" },
    ],
  };
  const commands: MenuSpec[] = GROUPS.map(({ label, commands: ids }) => ({
    label,
    items: ids.map((id) => ({ id: `command:${id}`, label: COMMAND_LABELS[id], accelerator: DESKTOP_COMMANDS[id] })),
  }));
  const view = commands.find((menu) => menu.label === "View")!;
  view.items = [
    ...view.items,
    "separator",
    ...(["light", "dark", "system"] as const).map((mode) => ({
      id: `appearance:${mode}`,
      label: `Appearance: ${mode === "system" ? "Follow System" : mode === "light" ? "Light" : "Dark"}`,
      checked: appearance === mode,
    })),
    "separator",
    { id: "reload", label: "Reload", accelerator: "CmdOrCtrl+R" },
  ];
  return [file, ...commands];
}

/** The tray's menu. */
export function trayMenu(): MenuSpec["items"] {
  return [{ id: "show", label: "Show Tidings" }, { id: "command:timeline.refetch", label: "Refresh" }, "separator", { id: "quit", label: "Quit Tidings" }];
}

/** What a menu item id asks for; null for an unknown one. */
export function menuAction(id: string): MenuAction | null {
  const [kind, value] = id.split(":", 2) as [string, string | undefined];
  if (kind === "command" && value && value in DESKTOP_COMMANDS) return { kind: "command", id: value as DesktopCommand };
  if (kind === "appearance" && (value === "light" || value === "dark" || value === "system")) return { kind: "appearance", appearance: value };
  if (value === undefined && (kind === "show" || kind === "reload" || kind === "signOut" || kind === "changeServer" || kind === "quit")) return { kind };
  return null;
}
