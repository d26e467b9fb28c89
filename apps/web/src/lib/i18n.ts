import { DEFAULT_LANGUAGE, LANGUAGES, type Language, matchLanguage } from "@tidings/i18n";
import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { storage } from "./storage.ts";

type LocaleModule = { default: Record<string, unknown> };

// Every language pack is its own chunk, fetched the first time a namespace is used.
const packs = import.meta.glob<LocaleModule>("../../../../packages/i18n/locales/*/*.json");

const packBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = packs[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (pack) => callback(null, pack.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const LANGUAGE_KEY = "language";

/**
 * The interface language (spec §4): the `lng` query parameter, then the stored choice, then the
 * browser's languages, then English.
 */
export function detectLanguage(search: string, stored: string | null, browser: readonly string[]): Language {
  const fromQuery = matchLanguage(new URLSearchParams(search).get("lng"));
  if (fromQuery) return fromQuery;
  const fromStorage = matchLanguage(stored);
  if (fromStorage) return fromStorage;
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** Starts i18next with the detected language; `onLoadFailure` hears of packs that failed to load. */
export async function initI18n(onLoadFailure: () => void): Promise<typeof i18next> {
  const language = detectLanguage(window.location.search, storage.get(LANGUAGE_KEY), navigator.languages ?? []);
  i18next.on("failedLoading", onLoadFailure);
  i18next.on("languageChanged", (next) => {
    document.documentElement.lang = next;
  });
  await i18next
    .use(packBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ["common", "app", "errors"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  return i18next;
}

/** Switches the interface language and remembers the choice on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  storage.set(LANGUAGE_KEY, language);
  await i18next.changeLanguage(language);
}
