import { ApiError } from "../lib/api-client.ts";
import { useConnectivity } from "../lib/connectivity.ts";
import { reportError } from "../lib/notify.ts";

/** The request never reached the server (offline, connection dropped): not a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === undefined;
}

/**
 * The optimistic change pattern (spec §4): apply to the in-memory state, send the request, roll
 * back on failure (then report and rethrow), and persist locally once the server agreed.
 */
export async function optimistic<Context>(steps: {
  apply: () => Context;
  execute: (context: Context) => Promise<unknown>;
  rollback: (context: Context) => void;
  persist?: (context: Context) => Promise<unknown>;
  /**
   * Keeps the change for later when the network is gone (spec §4: changes made offline are sent
   * on reconnect). Called instead of `execute` offline, or after `execute` failed to reach the
   * server; without it, such a change rolls back like a refusal.
   */
  queue?: (context: Context) => Promise<unknown>;
}): Promise<void> {
  const context = steps.apply();
  const queue = steps.queue;
  try {
    if (queue && !useConnectivity.getState().online) await queue(context);
    else await steps.execute(context);
  } catch (error) {
    if (queue && isNetworkFailure(error)) {
      await queue(context);
      await steps.persist?.(context);
      return;
    }
    steps.rollback(context);
    reportError(error);
    throw error;
  }
  await steps.persist?.(context);
}
