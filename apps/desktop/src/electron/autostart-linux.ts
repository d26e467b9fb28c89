import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Launch at login on Linux, where Electron's `setLoginItemSettings` does nothing: an XDG
 * autostart entry, `$XDG_CONFIG_HOME/autostart/tidings.desktop` (~/.config by default), which
 * desktop environments start at login.
 */
export function autostartFile(env: NodeJS.ProcessEnv = process.env): string {
  const configHome = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : path.join(os.homedir(), ".config");
  return path.join(configHome, "autostart", "tidings.desktop");
}

/** One argument of an Exec line, quoted as the Desktop Entry spec asks when it needs to be. */
function execArgument(arg: string): string {
  if (!/[\s"'\\`$;&|<>(){}*?#~]/.test(arg)) return arg;
  return `"${arg.replace(/["`$\\]/g, (c) => `\\${c}`)}"`;
}

export function autostartEntry(command: readonly string[]): string {
  return [
    "[Desktop Entry]",
    "Type=Application",
    "Name=Tidings",
    "Comment=Feed reader",
    `Exec=${command.map(execArgument).join(" ")}`,
    "Terminal=false",
    "X-GNOME-Autostart-enabled=true",
    "",
  ].join("\n");
}

/** Writes or removes the autostart entry; `command` is the program and its arguments. */
export async function setLinuxAutostart(enabled: boolean, command: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const file = autostartFile(env);
  if (!enabled) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, autostartEntry(command));
}
