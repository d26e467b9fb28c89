import { storage } from "../lib/storage.ts";

const VERSION_KEY = "app_version";

/** The part of a version before its dash: "0.5.1-beta.2" → "0.5.1". */
const release = (version: string) => version.split("-")[0] ?? version;

/**
 * Whether going from `previous` to `current` is an upgrade (spec §4): the stored version differs
 * in its part before a dash. A first start (nothing stored) is not an upgrade, and neither is a
 * change of pre-release tag alone.
 */
export function isUpgrade(previous: string | null, current: string): boolean {
  return previous !== null && release(previous) !== release(current);
}

let upgradedFrom: string | null = null;

/** Compares the stored app_version with this build's, flags an upgrade and stores the new one. */
export function detectUpgrade(current: string): { upgraded: boolean; previous: string | null } {
  const previous = storage.get(VERSION_KEY);
  const upgraded = isUpgrade(previous, current);
  if (upgraded) upgradedFrom = previous;
  if (previous !== current) storage.set(VERSION_KEY, current);
  return { upgraded, previous };
}

/** The version this page upgraded from, or null when it did not (for a "what is new" notice). */
export function upgradedFromVersion(): string | null {
  return upgradedFrom;
}
