import type { IntegrationSettingsSnapshot } from "@tidings/contracts";
import { api } from "../../lib/api-client.ts";
import {
  integrationsChangedAt,
  markIntegrationsSynced,
  replaceIntegrations,
  setIntegration,
  syncedIntegrations,
  useIntegrationSettings,
} from "./integration.store.ts";

/** Changes are sent this long after the last one, so typing a token sends it once. */
export const PUSH_DELAY_MS = 1000;

let started = false;
let applying = false;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The fetch of the server's copy in flight, if any. */
let pulling: Promise<void> = Promise.resolve();

/** Sends this device's settings to the server, which seals them. */
async function push(): Promise<void> {
  const { updatedAt } = await api<{ updatedAt: string }>("integrations/settings", { method: "PUT", json: { settings: syncedIntegrations() } });
  markIntegrationsSynced(Date.parse(updatedAt));
}

/** Takes the server's copy when it is newer than this device's last change. Answers whether it did. */
function takeIfNewer(remote: IntegrationSettingsSnapshot): boolean {
  if (!remote.settings || !remote.updatedAt) return false;
  const time = Date.parse(remote.updatedAt);
  if (!(time > integrationsChangedAt())) return false;
  applying = true;
  try {
    replaceIntegrations(remote.settings, time);
  } finally {
    applying = false;
  }
  return true;
}

/** Fetches the server's copy and takes it when newer (another device changed them). */
export function pullIntegrations(): Promise<void> {
  pulling = api<IntegrationSettingsSnapshot>("integrations/settings").then((remote) => void takeIfNewer(remote));
  return pulling;
}

/** Settles when the fetch of the server's copy started last has (for tests and callers that wait). */
export function integrationsPulled(): Promise<void> {
  return pulling.catch(() => undefined);
}

function schedulePush(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void push().catch(() => undefined), PUSH_DELAY_MS);
}

/**
 * Keeps a syncing device's settings on the server: each change is sent (debounced), and the
 * server's copy is fetched once per session. Does nothing for readers who keep them local.
 */
export function startIntegrationSync(): void {
  if (started) return;
  started = true;
  useIntegrationSettings.subscribe((state, previous) => {
    if (applying || !state.syncIntegrations || !previous.syncIntegrations) return;
    schedulePush();
  });
  if (useIntegrationSettings.getState().syncIntegrations) void pullIntegrations().catch(() => undefined);
}

/** Starts the sync, or, when it runs already, fetches the server's copy again (Settings → Integration opened). */
export function refreshIntegrations(): void {
  if (!started) return startIntegrationSync();
  if (useIntegrationSettings.getState().syncIntegrations) void pullIntegrations().catch(() => undefined);
}

/**
 * The "sync my integration settings" switch. On: the server's copy wins when it is newer than
 * this device's settings (a new device restores them), else this device's are sent. Off: the
 * server's copy is deleted. A failure puts the switch back and rejects.
 */
export async function setIntegrationSync(on: boolean): Promise<void> {
  setIntegration({ syncIntegrations: on });
  try {
    if (on) {
      const remote = await api<IntegrationSettingsSnapshot>("integrations/settings");
      if (!takeIfNewer(remote)) await push();
    } else {
      clearTimeout(timer);
      await api("integrations/settings", { method: "DELETE" });
    }
  } catch (error) {
    setIntegration({ syncIntegrations: !on });
    throw error;
  }
}

/** For tests: forgets the subscription state. */
export function resetIntegrationSyncForTests(): void {
  clearTimeout(timer);
  started = false;
  pulling = Promise.resolve();
}
