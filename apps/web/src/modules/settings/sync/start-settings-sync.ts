import { useConnectivity } from "../../../lib/connectivity.ts";
import { onSettingsChange, settingsActions } from "../../../store/settings.store.ts";
import { startAppearanceEffects } from "../appearance-effects.ts";
import { runSettingsMigrations } from "./settings-migrations.ts";
import { pullSettings } from "./settings-pull.ts";
import { createSettingsQueue } from "./settings-queue.ts";
import { httpSettingsRemote, type SettingsRemote } from "./settings-remote.ts";
import { LOCAL_GROUP, SERVER_TAB } from "./sync-keys.ts";

/** While the page is visible, the server's settings are fetched again this often. */
export const POLL_INTERVAL_MS = 60_000;

export interface SettingsSyncDeps {
  remote?: SettingsRemote;
  pollInterval?: number;
}

/** Stops the sync; `ready` settles once the first fetch of the server's settings was applied or failed. */
export type StopSettingsSync = (() => void) & { ready: Promise<void> };

/**
 * Settings sync for a signed-in reader (spec §4 startup order: migrations, hydration, sync): runs
 * the settings migrations, takes the server's copy of each tab that is newer than this device's,
 * then sends local changes (queued, 1 s flush) and fetches the server's again when the page
 * becomes visible and every minute while it is, so another browser's change arrives without a
 * reload. Nothing is sent while signed out: call it after sign-in, stop it at sign-out.
 */
export function startSettingsSync(deps: SettingsSyncDeps = {}): StopSettingsSync {
  const remote = deps.remote ?? httpSettingsRemote;
  runSettingsMigrations();
  // Start-up normally started these already; the signed-in app must follow the settings regardless.
  startAppearanceEffects();
  const queue = createSettingsQueue({
    remote,
    online: () => useConnectivity.getState().online,
    onFlushed: (tab, updated) => {
      // This device now holds the server's copy: take the server's time (not this device's clock,
      // which may run ahead), so exactly the later changes made elsewhere win.
      const time = Date.parse(updated);
      if (!Number.isNaN(time)) settingsActions.replace(LOCAL_GROUP[tab], {}, time);
    },
  });
  const stopListening = onSettingsChange((group, patch) => queue.enqueue(SERVER_TAB[group], patch));

  let stopped = false;
  const refresh = () => (stopped ? Promise.resolve() : pullSettings(remote, queue.pending).then(() => undefined, () => undefined));
  const ready = refresh().then(() => queue.flush());

  const onVisibility = () => {
    if (document.visibilityState === "visible") void refresh();
  };
  document.addEventListener("visibilitychange", onVisibility);
  const poll = setInterval(() => document.visibilityState === "visible" && void refresh(), deps.pollInterval ?? POLL_INTERVAL_MS);
  const stopOnline = useConnectivity.subscribe((state, previous) => {
    if (state.online && !previous.online) void queue.flush();
  });

  const stop = () => {
    stopped = true;
    queue.stop();
    stopListening();
    stopOnline();
    clearInterval(poll);
    document.removeEventListener("visibilitychange", onVisibility);
  };
  return Object.assign(stop, { ready });
}
