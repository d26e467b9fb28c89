import { create } from "zustand";
import { storage } from "../../../lib/storage.ts";

/**
 * "Save to …" services (spec §3 Integrations, reference §6). Their tokens and passwords stay on
 * this device: kept under their own local storage key and never synced.
 */
export const INTEGRATION_DEFAULTS = {
  enableEagle: true,
  enableReadwise: false,
  readwiseToken: "",
  enableInstapaper: false,
  instapaperUsername: "",
  instapaperPassword: "",
  enableObsidian: false,
  obsidianVaultPath: "",
  enableOutline: false,
  outlineEndpoint: "",
  outlineToken: "",
  outlineCollection: "",
  enableReadeck: false,
  readeckEndpoint: "",
  readeckToken: "",
  enableCubox: false,
  cuboxToken: "",
  enableCuboxAutoMemo: false,
  enableZotero: false,
  zoteroUserID: "",
  zoteroToken: "",
  saveSummaryAsDescription: false,
};

export type IntegrationSettings = typeof INTEGRATION_DEFAULTS;

const KEY = "settings:integration";

function read(): IntegrationSettings {
  try {
    return { ...INTEGRATION_DEFAULTS, ...(JSON.parse(storage.get(KEY) ?? "{}") as Partial<IntegrationSettings>) };
  } catch {
    return { ...INTEGRATION_DEFAULTS };
  }
}

export const useIntegrationSettings = create<IntegrationSettings>(read);

export function setIntegration(patch: Partial<IntegrationSettings>): void {
  useIntegrationSettings.setState(patch);
  storage.set(KEY, JSON.stringify(useIntegrationSettings.getState()));
}
