import { storage } from "../../../lib/storage.ts";
import type { SettingsRemote } from "./settings-remote.ts";
import { type ServerTab, withoutDeviceKeys } from "./sync-keys.ts";

/** Changed keys waiting to be sent, per server tab. */
export type PendingSettings = Partial<Record<ServerTab, Record<string, unknown>>>;

/** Settings flush threshold (spec §9): a change is sent after 1 s without another. */
export const FLUSH_DELAY_MS = 1000;
/** Longest wait between two attempts after failures (the wait doubles from 2 s). */
export const MAX_RETRY_DELAY_MS = 60_000;

const QUEUE_KEY = "settings:queue";

function readQueue(): PendingSettings {
  try {
    const parsed: unknown = JSON.parse(storage.get(QUEUE_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as PendingSettings) : {};
  } catch {
    return {};
  }
}

export interface SettingsQueueDeps {
  remote: SettingsRemote;
  online: () => boolean;
  /** Told after a tab was stored on the server with nothing of it left to send. */
  onFlushed?: (tab: ServerTab, updated: string) => void;
}

/**
 * The outgoing settings changes (spec §4): kept in local storage as they arrive (so a reload or a
 * closed tab loses nothing), merged per tab and key, sent after 1 s of quiet while online. A
 * failed send keeps its keys and is tried again later, waiting longer each time.
 */
export function createSettingsQueue(deps: SettingsQueueDeps) {
  const pending: PendingSettings = readQueue();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let flushing: Promise<void> | undefined;
  let stopped = false;

  const persist = () => storage.set(QUEUE_KEY, JSON.stringify(pending));
  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void flush(), delay);
  };

  async function sendAll(): Promise<void> {
    for (const tab of Object.keys(pending) as ServerTab[]) {
      const payload = { ...pending[tab] };
      if (Object.keys(payload).length === 0) {
        delete pending[tab];
        persist();
        continue;
      }
      let updated: string;
      try {
        ({ updated } = await deps.remote.patch(tab, payload));
      } catch {
        failures += 1;
        schedule(Math.min(FLUSH_DELAY_MS * 2 ** failures, MAX_RETRY_DELAY_MS));
        return;
      }
      failures = 0;
      // Keys changed again while the request was out stay queued with their newer value.
      const left = pending[tab] ?? {};
      for (const [key, value] of Object.entries(payload)) if (Object.is(left[key], value)) delete left[key];
      if (Object.keys(left).length === 0) delete pending[tab];
      persist();
      if (!pending[tab]) deps.onFlushed?.(tab, updated);
    }
  }

  /** Sends what is queued, when online; a flush already under way is joined, not repeated. */
  function flush(): Promise<void> {
    clearTimeout(timer);
    if (stopped || !deps.online()) return Promise.resolve();
    flushing ??= sendAll().finally(() => {
      flushing = undefined;
      // Changes that arrived while the requests were out go in the next round.
      if (failures === 0 && Object.keys(pending).length > 0) schedule(FLUSH_DELAY_MS);
    });
    return flushing;
  }

  return {
    /** Queues changed keys of a tab (device-only keys never leave the device; nothing left, nothing queued). */
    enqueue(tab: ServerTab, patch: Record<string, unknown>): void {
      const values = withoutDeviceKeys(patch);
      if (Object.keys(values).length === 0) return;
      pending[tab] = { ...pending[tab], ...values };
      persist();
      failures = 0;
      schedule(FLUSH_DELAY_MS);
    },
    flush,
    /** What is waiting to be sent, per tab. */
    pending: (): PendingSettings => pending,
    /** Stops sending; what is queued stays in local storage for the next start. */
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type SettingsQueue = ReturnType<typeof createSettingsQueue>;
