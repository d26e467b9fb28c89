import { OMNIVORE_DEFAULT_ENDPOINT } from "@tidings/contracts";
import { create } from "zustand";
import { storage } from "../../lib/storage.ts";

/**
 * "Save to …" services (spec §3 Integrations, reference §6). Their tokens and passwords stay on
 * this device, under their own local storage key, unless the reader turns `syncIntegrations` on:
 * then the server keeps a copy sealed under its secret (integration-sync.ts).
 */
export const INTEGRATION_DEFAULTS = {
  enableEagle: true,
  enableReadwise: false,
  readwiseToken: "",
  /** Empty: readwise.io. */
  readwiseEndpoint: "",
  enableInstapaper: false,
  instapaperUsername: "",
  instapaperPassword: "",
  enableObsidian: false,
  obsidianVaultPath: "",
  enableOutline: false,
  outlineEndpoint: "",
  outlineToken: "",
  outlineCollection: "",
  outlineAllowPrivate: false,
  enableReadeck: false,
  readeckEndpoint: "",
  readeckToken: "",
  readeckAllowPrivate: false,
  enableCubox: false,
  cuboxToken: "",
  enableCuboxAutoMemo: false,
  enableZotero: false,
  zoteroUserID: "",
  zoteroToken: "",
  enableOmnivore: false,
  omnivoreEndpoint: OMNIVORE_DEFAULT_ENDPOINT,
  omnivoreToken: "",
  omnivoreAllowPrivate: false,
  enableWallabag: false,
  wallabagEndpoint: "",
  wallabagClientId: "",
  wallabagClientSecret: "",
  wallabagUsername: "",
  wallabagPassword: "",
  wallabagAllowPrivate: false,
  saveSummaryAsDescription: false,
  /** Keep a sealed copy of these settings on the server for the reader's other devices. */
  syncIntegrations: false,
};

export type IntegrationSettings = typeof INTEGRATION_DEFAULTS;

/** The keys holding a boolean (switches). */
export type IntegrationSwitch = { [K in keyof IntegrationSettings]: IntegrationSettings[K] extends boolean ? K : never }[keyof IntegrationSettings];

const KEY = "settings:integration";
const CHANGED_KEY = "settings:integration-changed";

function read(): IntegrationSettings {
  try {
    return { ...INTEGRATION_DEFAULTS, ...(JSON.parse(storage.get(KEY) ?? "{}") as Partial<IntegrationSettings>) };
  } catch {
    return { ...INTEGRATION_DEFAULTS };
  }
}

export const useIntegrationSettings = create<IntegrationSettings>(read);

/** When the settings last changed on this device (ms), or at the server's copy they were taken from; 0: never. */
export function integrationsChangedAt(): number {
  return Number(storage.get(CHANGED_KEY) ?? 0) || 0;
}

function persist(changedAt: number | null): void {
  storage.set(KEY, JSON.stringify(useIntegrationSettings.getState()));
  if (changedAt !== null) storage.set(CHANGED_KEY, String(changedAt));
}

/** Changes settings on this device. Turning the sync switch alone is not a change of the settings. */
export function setIntegration(patch: Partial<IntegrationSettings>): void {
  useIntegrationSettings.setState(patch);
  const changed = Object.keys(patch).some((key) => key !== "syncIntegrations");
  persist(changed ? Date.now() : null);
}

/** Takes the server's copy (another device's settings), keeping this device's sync switch. */
export function replaceIntegrations(values: Partial<IntegrationSettings>, changedAt: number): void {
  const known = Object.fromEntries(Object.entries(values).filter(([key]) => key in INTEGRATION_DEFAULTS && key !== "syncIntegrations"));
  useIntegrationSettings.setState({ ...INTEGRATION_DEFAULTS, ...known, syncIntegrations: useIntegrationSettings.getState().syncIntegrations });
  persist(changedAt);
}

/** What is synced: everything but the sync switch, which belongs to each device. */
export function syncedIntegrations(): Record<string, unknown> {
  const { syncIntegrations: _device, ...rest } = useIntegrationSettings.getState();
  return rest;
}

/** Marks this device's copy as the one of time `changedAt` (the server's time of a push). */
export function markIntegrationsSynced(changedAt: number): void {
  storage.set(CHANGED_KEY, String(changedAt));
}
