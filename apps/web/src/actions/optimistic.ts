import { reportError } from "../lib/notify.ts";

/**
 * The optimistic change pattern (spec §4): apply to the in-memory state, send the request, roll
 * back on failure (then report and rethrow), and persist locally once the server agreed.
 */
export async function optimistic<Context>(steps: {
  apply: () => Context;
  execute: (context: Context) => Promise<unknown>;
  rollback: (context: Context) => void;
  persist?: (context: Context) => Promise<unknown>;
}): Promise<void> {
  const context = steps.apply();
  try {
    await steps.execute(context);
  } catch (error) {
    steps.rollback(context);
    reportError(error);
    throw error;
  }
  await steps.persist?.(context);
}
