import { database, type LocalTranslation } from "./database.ts";
import { guarded } from "./persistence.ts";

/** Spec §4/§9: translations older than 7 days are deleted at start-up. */
export const TRANSLATION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The stored translation of an entry into a language, if any. */
export async function loadTranslation(entryId: string, language: string): Promise<LocalTranslation | undefined> {
  return guarded(() => database().translations.get([entryId, language]));
}

export function saveTranslation(row: LocalTranslation) {
  return guarded(() => database().translations.put(row));
}

/** Deletes translations made more than `maxAge` ago; answers how many went. */
export async function purgeTranslations(now = Date.now(), maxAge = TRANSLATION_MAX_AGE_MS): Promise<number> {
  return (await guarded(() => database().translations.where("createdAt").below(now - maxAge).delete())) ?? 0;
}
