import { type IntegrationSettingsOf, OMNIVORE_DEFAULT_ENDPOINT, type ServerIntegration } from "@tidings/contracts";
import { Archive, BookMarked, BookmarkPlus, Box, Feather, FileText, Gem, Library, type LucideIcon, Newspaper, NotebookPen } from "lucide-react";
import type { IntegrationSettings, IntegrationSwitch } from "./integration.store.ts";

/** Every "save to …" service, in the order Settings → Integration and the menus list them. */
export const INTEGRATION_IDS = ["eagle", "readwise", "instapaper", "obsidian", "outline", "readeck", "cubox", "zotero", "omnivore", "wallabag"] as const;

export type IntegrationId = (typeof INTEGRATION_IDS)[number];

/** A field of a service in Settings → Integration; its label is `settings:integration.<label ?? key>`. */
export interface IntegrationField {
  key: keyof IntegrationSettings;
  kind: "text" | "secret" | "url" | "switch";
  label?: string;
  placeholder?: string;
  /** Shown only in the desktop app (Obsidian's vault path: the browser downloads the note instead). */
  desktopOnly?: boolean;
}

/** One service: its switch, fields, how a save reaches it and its icon. */
export interface IntegrationService {
  id: IntegrationId;
  name: string;
  icon: LucideIcon;
  enable: IntegrationSwitch;
  fields: IntegrationField[];
  /** Needs the desktop shell (Eagle listens on the reader's own computer). */
  desktopOnly?: boolean;
  /** The reader's switch allowing a private (LAN) address, for self-hostable services. */
  allowPrivate?: IntegrationSwitch;
  /**
   * Services saved to through the server: the settings its route takes, or null while a required
   * one is missing. Eagle and Obsidian run here instead.
   */
  server?: (settings: IntegrationSettings) => Record<string, unknown> | null;
}

const filled = (...values: string[]) => values.every((value) => value.trim() !== "");
const lan = (key: IntegrationSwitch): IntegrationField => ({ key, kind: "switch", label: "allowPrivate" });

/** The server route's settings for `service`, typed by the contract. */
const serverSettings = <S extends ServerIntegration>(_service: S, make: (settings: IntegrationSettings) => IntegrationSettingsOf<S> | null) => make;

export const INTEGRATION_SERVICES: IntegrationService[] = [
  { id: "eagle", name: "Eagle", icon: Feather, enable: "enableEagle", fields: [], desktopOnly: true },
  {
    id: "readwise",
    name: "Readwise",
    icon: BookMarked,
    enable: "enableReadwise",
    fields: [
      { key: "readwiseToken", kind: "secret" },
      { key: "readwiseEndpoint", kind: "url", placeholder: "https://readwise.io" },
    ],
    server: serverSettings("readwise", (s) => (filled(s.readwiseToken) ? { token: s.readwiseToken.trim(), ...(s.readwiseEndpoint.trim() ? { endpoint: s.readwiseEndpoint.trim() } : {}) } : null)),
  },
  {
    id: "instapaper",
    name: "Instapaper",
    icon: Newspaper,
    enable: "enableInstapaper",
    fields: [
      { key: "instapaperUsername", kind: "text" },
      { key: "instapaperPassword", kind: "secret" },
    ],
    server: serverSettings("instapaper", (s) => (filled(s.instapaperUsername) ? { username: s.instapaperUsername.trim(), password: s.instapaperPassword } : null)),
  },
  { id: "obsidian", name: "Obsidian", icon: Gem, enable: "enableObsidian", fields: [{ key: "obsidianVaultPath", kind: "text", desktopOnly: true }] },
  {
    id: "outline",
    name: "Outline",
    icon: FileText,
    enable: "enableOutline",
    allowPrivate: "outlineAllowPrivate",
    fields: [
      { key: "outlineEndpoint", kind: "url", placeholder: "https://app.getoutline.com/api" },
      { key: "outlineToken", kind: "secret" },
      { key: "outlineCollection", kind: "text" },
      lan("outlineAllowPrivate"),
    ],
    server: serverSettings("outline", (s) =>
      filled(s.outlineEndpoint, s.outlineToken, s.outlineCollection) ? { endpoint: s.outlineEndpoint.trim(), token: s.outlineToken.trim(), collection: s.outlineCollection.trim() } : null,
    ),
  },
  {
    id: "readeck",
    name: "Readeck",
    icon: BookmarkPlus,
    enable: "enableReadeck",
    allowPrivate: "readeckAllowPrivate",
    fields: [
      { key: "readeckEndpoint", kind: "url", placeholder: "https://readeck.example.com" },
      { key: "readeckToken", kind: "secret" },
      lan("readeckAllowPrivate"),
    ],
    server: serverSettings("readeck", (s) => (filled(s.readeckEndpoint, s.readeckToken) ? { endpoint: s.readeckEndpoint.trim(), token: s.readeckToken.trim() } : null)),
  },
  {
    id: "cubox",
    name: "Cubox",
    icon: Box,
    enable: "enableCubox",
    fields: [
      { key: "cuboxToken", kind: "secret" },
      { key: "enableCuboxAutoMemo", kind: "switch" },
    ],
    server: serverSettings("cubox", (s) => (filled(s.cuboxToken) ? { apiUrl: s.cuboxToken.trim(), autoMemo: s.enableCuboxAutoMemo } : null)),
  },
  {
    id: "zotero",
    name: "Zotero",
    icon: Library,
    enable: "enableZotero",
    fields: [
      { key: "zoteroUserID", kind: "text" },
      { key: "zoteroToken", kind: "secret" },
    ],
    server: serverSettings("zotero", (s) => (filled(s.zoteroUserID, s.zoteroToken) ? { userId: s.zoteroUserID.trim(), token: s.zoteroToken.trim() } : null)),
  },
  {
    id: "omnivore",
    name: "Omnivore",
    icon: NotebookPen,
    enable: "enableOmnivore",
    allowPrivate: "omnivoreAllowPrivate",
    fields: [
      { key: "omnivoreEndpoint", kind: "url", placeholder: OMNIVORE_DEFAULT_ENDPOINT },
      { key: "omnivoreToken", kind: "secret" },
      lan("omnivoreAllowPrivate"),
    ],
    server: serverSettings("omnivore", (s) => (filled(s.omnivoreToken) ? { endpoint: s.omnivoreEndpoint.trim() || OMNIVORE_DEFAULT_ENDPOINT, apiKey: s.omnivoreToken.trim() } : null)),
  },
  {
    id: "wallabag",
    name: "Wallabag",
    icon: Archive,
    enable: "enableWallabag",
    allowPrivate: "wallabagAllowPrivate",
    fields: [
      { key: "wallabagEndpoint", kind: "url", placeholder: "https://app.wallabag.it" },
      { key: "wallabagClientId", kind: "text" },
      { key: "wallabagClientSecret", kind: "secret" },
      { key: "wallabagUsername", kind: "text" },
      { key: "wallabagPassword", kind: "secret" },
      lan("wallabagAllowPrivate"),
    ],
    server: serverSettings("wallabag", (s) =>
      filled(s.wallabagEndpoint, s.wallabagClientId, s.wallabagClientSecret, s.wallabagUsername, s.wallabagPassword)
        ? {
            endpoint: s.wallabagEndpoint.trim(),
            clientId: s.wallabagClientId.trim(),
            clientSecret: s.wallabagClientSecret.trim(),
            username: s.wallabagUsername.trim(),
            password: s.wallabagPassword,
          }
        : null,
    ),
  },
];

export const SERVICE_BY_ID = Object.fromEntries(INTEGRATION_SERVICES.map((service) => [service.id, service])) as Record<IntegrationId, IntegrationService>;

/** Whether a service can save now: switched on, its required settings filled, its platform at hand. */
export function isIntegrationReady(service: IntegrationService, settings: IntegrationSettings, desktop: boolean): boolean {
  if (!settings[service.enable]) return false;
  if (service.desktopOnly && !desktop) return false;
  return service.server ? service.server(settings) !== null : true;
}
