import type { IntegrationSettings } from "./integration.store.ts";

type Field = { key: keyof IntegrationSettings; kind: "text" | "secret" | "url" | "switch" };

/** One service of Settings → Integration: its switch, its fields, and whether it needs the desktop shell. */
export interface IntegrationService {
  id: string;
  enable: keyof IntegrationSettings;
  fields: Field[];
  desktopOnly?: boolean;
}

/** Product names, not translated. */
export const SERVICE_NAMES: Record<string, string> = {
  eagle: "Eagle",
  readwise: "Readwise",
  instapaper: "Instapaper",
  obsidian: "Obsidian",
  outline: "Outline",
  readeck: "Readeck",
  cubox: "Cubox",
  zotero: "Zotero",
};

export const INTEGRATION_SERVICES: IntegrationService[] = [
  { id: "eagle", enable: "enableEagle", fields: [], desktopOnly: true },
  { id: "readwise", enable: "enableReadwise", fields: [{ key: "readwiseToken", kind: "secret" }] },
  {
    id: "instapaper",
    enable: "enableInstapaper",
    fields: [
      { key: "instapaperUsername", kind: "text" },
      { key: "instapaperPassword", kind: "secret" },
    ],
  },
  { id: "obsidian", enable: "enableObsidian", fields: [{ key: "obsidianVaultPath", kind: "text" }], desktopOnly: true },
  {
    id: "outline",
    enable: "enableOutline",
    fields: [
      { key: "outlineEndpoint", kind: "url" },
      { key: "outlineToken", kind: "secret" },
      { key: "outlineCollection", kind: "text" },
    ],
    desktopOnly: true,
  },
  {
    id: "readeck",
    enable: "enableReadeck",
    fields: [
      { key: "readeckEndpoint", kind: "url" },
      { key: "readeckToken", kind: "secret" },
    ],
  },
  {
    id: "cubox",
    enable: "enableCubox",
    fields: [
      { key: "cuboxToken", kind: "secret" },
      { key: "enableCuboxAutoMemo", kind: "switch" },
    ],
  },
  {
    id: "zotero",
    enable: "enableZotero",
    fields: [
      { key: "zoteroUserID", kind: "text" },
      { key: "zoteroToken", kind: "secret" },
    ],
  },
];
