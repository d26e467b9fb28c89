import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, NAMESPACES } from "./index.ts";

/**
 * Values a translation may keep exactly as in English: names of brands, products and formats, and
 * technical words a Chinese or Japanese interface shows untranslated.
 */
const SAME_AS_ENGLISH = new Set(["Tidings", "RSS", "RSSHub", "OPML", "Power", "POWER", "Webhook", "GitHub", "AI"]);

/** Keys whose English value is a sample of code, the same in every language. */
const CODE_SAMPLES = new Set(["settings:appearance.customCSS_placeholder"]);

/** i18next plural suffixes (cardinal); a key ending in one of them is a plural form. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Pack = Record<string, string>;

const localesDir = new URL("../locales/", import.meta.url);
const fileOf = (language: string, namespace: string) => new URL(`${language}/${namespace}.json`, localesDir);

/** A namespace file as flat `a.b.c` keys; leaves that are not strings are kept so that checks can fail on them. */
function load(language: string, namespace: string): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  const walk = (node: unknown, prefix: string) => {
    if (node !== null && typeof node === "object" && !Array.isArray(node)) {
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
    } else flat[prefix] = node;
  };
  walk(JSON.parse(readFileSync(fileOf(language, namespace), "utf8")), "");
  return flat;
}

/** A key with its plural suffix replaced by a marker, so `x_one` and `x_other` both become `x_{plural}`. */
const normalise = (key: string) => key.replace(PLURAL_SUFFIX, "_{plural}");

/** The English key a translated key answers to: the same key, else the English `_other` form. */
function englishKeyOf(key: string, english: Pack): string | undefined {
  if (key in english) return key;
  const other = key.replace(PLURAL_SUFFIX, "_other");
  return other in english ? other : undefined;
}

/** `{{name}}` interpolations, `$t(key)` nestings and `<0>…</0>` Trans tags. */
const TOKEN = /\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+\s*\/?>/g;

/** The distinct tokens of a value, sorted, with spaces inside them dropped. */
const tokensOf = (value: string) => [...new Set((value.match(TOKEN) ?? []).map((token) => token.replace(/\s+/g, "")))].sort();

/** Whether an English value holds words to translate (not only tokens, numbers and signs). */
const hasWords = (value: string) => /[A-Za-z]/.test(value.replace(TOKEN, ""));

const english = Object.fromEntries(NAMESPACES.map((namespace) => [namespace, load(DEFAULT_LANGUAGE, namespace) as Pack]));

describe.each(LANGUAGES)("locale %s", (language) => {
  describe.each(NAMESPACES)("namespace %s", (namespace) => {
    const en = english[namespace] ?? {};
    const read = () => load(language, namespace);

    it("exists and parses", () => {
      expect(existsSync(fileOf(language, namespace)), `${language}/${namespace}.json is missing`).toBe(true);
      expect(read).not.toThrow();
    });

    it("has the keys of English, no more and no fewer", () => {
      const pack = read();
      const ours = new Set(Object.keys(pack).map(normalise));
      const theirs = new Set(Object.keys(en).map(normalise));
      const missing = [...theirs].filter((key) => !ours.has(key));
      const extra = [...ours].filter((key) => !theirs.has(key));
      // Languages with one plural form (Chinese, Japanese) read `_other`: it must be there.
      const noOther = [...theirs].filter((key) => key.endsWith("_{plural}") && !(key.replace("_{plural}", "_other") in pack));
      expect({ missing, extra, noOther }).toEqual({ missing: [], extra: [], noOther: [] });
    });

    it("has only non-empty strings", () => {
      const bad = Object.entries(read()).filter(([, value]) => typeof value !== "string" || value.trim() === "");
      expect(bad.map(([key]) => key)).toEqual([]);
    });

    it("keeps the placeholders and tags of English", () => {
      const differ = Object.entries(read()).flatMap(([key, value]) => {
        const source = englishKeyOf(key, en);
        if (source === undefined || typeof value !== "string") return [];
        const want = tokensOf(en[source] ?? "");
        const got = tokensOf(value);
        return want.join() === got.join() ? [] : [`${key}: ${got.join(" ")} ≠ ${want.join(" ")}`];
      });
      expect(differ).toEqual([]);
    });

    it.skipIf(language === DEFAULT_LANGUAGE || namespace === "lang")("translates every English text", () => {
      const untranslated = Object.entries(read()).flatMap(([key, value]) => {
        const source = englishKeyOf(key, en);
        if (source === undefined || CODE_SAMPLES.has(`${namespace}:${source}`)) return [];
        const text = en[source] ?? "";
        return value === text && hasWords(text) && !SAME_AS_ENGLISH.has(text) ? [`${key}: ${text}`] : [];
      });
      expect(untranslated).toEqual([]);
    });
  });
});
