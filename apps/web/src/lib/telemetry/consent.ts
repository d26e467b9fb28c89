/**
 * Whether the person lets this device send usage data and error reports (setting
 * sendAnonymousData, spec §3). The app binds it to its settings at start; until then nothing is
 * sent. Listeners hear every change, so opting out takes effect at once.
 */
let allowed = false;
const listeners = new Set<(allowed: boolean) => void>();

export const consent = {
  allowed: (): boolean => allowed,

  set(value: boolean): void {
    if (value === allowed) return;
    allowed = value;
    for (const listener of listeners) listener(value);
  },

  subscribe(listener: (allowed: boolean) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
