import path from "node:path";
import type { Appearance, DesktopPreferences } from "@tidings/contracts";
import { z } from "zod";
import type { DesktopHost, WindowState } from "./host.ts";

/** Which server the window shows: one at an address, or the embedded one the shell starts. */
export type ServerChoice = { kind: "remote"; url: string } | { kind: "local"; port: number };

/** What the shell remembers between launches, in `<dataDir>/settings.json`. */
export interface ShellSettings {
  server: ServerChoice | null;
  window: WindowState;
  appearance: Appearance;
  preferences: DesktopPreferences;
}

export const DEFAULT_SETTINGS: ShellSettings = {
  server: null,
  window: { mode: "normal", bounds: null },
  appearance: "system",
  // Spec §3's defaults: launch at start-up off, the Dock badge on, links in the app.
  preferences: { appLaunchOnStartup: false, showDockBadge: true, openLinksInExternalApp: false },
};

const bounds = z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int().min(200).max(20_000), height: z.number().int().min(200).max(20_000) });
const schema = z.object({
  server: z
    .union([z.object({ kind: z.literal("remote"), url: z.url({ protocol: /^https?$/ }) }), z.object({ kind: z.literal("local"), port: z.number().int().min(1).max(65_535) })])
    .nullable()
    .catch(null),
  window: z.object({ mode: z.enum(["minimized", "maximized", "normal"]), bounds: bounds.nullable() }).catch(DEFAULT_SETTINGS.window),
  appearance: z.enum(["light", "dark", "system"]).catch("system"),
  preferences: z
    .object({ appLaunchOnStartup: z.boolean(), showDockBadge: z.boolean(), openLinksInExternalApp: z.boolean() })
    .catch(DEFAULT_SETTINGS.preferences),
});

/** The settings file: read once at start (a damaged one starts from the defaults), written on change. */
export function createSettingsStore(host: DesktopHost) {
  const file = path.join(host.dataDir, "settings.json");
  let current: ShellSettings = DEFAULT_SETTINGS;
  let writing: Promise<void> = Promise.resolve();
  return {
    async load(): Promise<ShellSettings> {
      const text = await host.readFile(file);
      let raw: unknown;
      try {
        raw = text ? JSON.parse(text) : {};
      } catch {
        raw = {};
      }
      const parsed = schema.safeParse({ ...DEFAULT_SETTINGS, ...(raw as object) });
      current = parsed.success ? parsed.data : DEFAULT_SETTINGS;
      return current;
    },
    get(): ShellSettings {
      return current;
    },
    /** Changes some settings; writes them in order, one write at a time. */
    update(change: Partial<ShellSettings>): Promise<void> {
      current = { ...current, ...change };
      const text = `${JSON.stringify(current, null, 2)}\n`;
      writing = writing.then(() => host.writeFile(file, text)).catch(() => undefined);
      return writing;
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
