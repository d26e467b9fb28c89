import type { HighlighterCore } from "shiki/core";

/**
 * Code highlighting with shiki, loaded on first use only. The app's initial JS budget is tight and
 * shiki with its grammars is large, so nothing here is imported statically: the fine-grained core,
 * the JavaScript regex engine (no WebAssembly to fetch) and each grammar or theme arrive as their
 * own chunks, the first time a code block needs them. (The `import type` above is erased.)
 */

/** One coloured run of text. `fontStyle` is shiki's bit set: 1 italic, 2 bold, 4 underline, 8 strike. */
export interface HighlightToken {
  content: string;
  color?: string;
  fontStyle?: number;
}

export interface HighlightedCode {
  lines: HighlightToken[][];
  fg?: string;
  bg?: string;
}

/** Blocks longer than this stay plain: tokenising them would stall the reader for little benefit. */
const MAX_CODE_LENGTH = 60_000;
const FALLBACK_THEMES = { light: "github-light", dark: "github-dark" } as const;

type Registry = {
  core: HighlighterCore;
  languages: Record<string, (() => Promise<unknown>) | undefined>;
  themes: Record<string, (() => Promise<unknown>) | undefined>;
  resolveLanguage: (name: string) => string | null;
};

let registry: Promise<Registry> | undefined;
const loading = new Map<string, Promise<void>>();

function loadRegistry(): Promise<Registry> {
  registry ??= (async () => {
    const [{ createHighlighterCore }, { createJavaScriptRegexEngine }, langs, themes] = await Promise.all([
      import("shiki/core"),
      import("shiki/engine/javascript"),
      import("shiki/langs"),
      import("shiki/themes"),
    ]);
    const core = await createHighlighterCore({ themes: [], langs: [], engine: createJavaScriptRegexEngine({ forgiving: true }) });
    const byName = new Map<string, string>();
    for (const info of langs.bundledLanguagesInfo) {
      byName.set(info.id, info.id);
      for (const alias of info.aliases ?? []) byName.set(alias, info.id);
    }
    return {
      core,
      languages: langs.bundledLanguages as Registry["languages"],
      themes: themes.bundledThemes as Registry["themes"],
      resolveLanguage: (name) => byName.get(name) ?? null,
    };
  })();
  registry.catch(() => {
    registry = undefined;
  });
  return registry;
}

function once(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load();
    loading.set(key, pending);
    pending.catch(() => loading.delete(key));
  }
  return pending;
}

async function ensureTheme(reg: Registry, theme: string, mode: "light" | "dark"): Promise<string> {
  const name = reg.themes[theme] ? theme : FALLBACK_THEMES[mode];
  if (!reg.core.getLoadedThemes().includes(name)) {
    await once(`theme:${name}`, () => reg.core.loadTheme(reg.themes[name] as Parameters<HighlighterCore["loadTheme"]>[0]));
  }
  return name;
}

/**
 * Highlights `code` as `language` with `theme` (a shiki theme id, falling back to GitHub's light or
 * dark theme). Resolves to null when the language is unknown or the code too long, so the caller
 * keeps showing the plain block; never rejects for those reasons.
 */
export async function highlightCode(code: string, language: string, theme: string, mode: "light" | "dark"): Promise<HighlightedCode | null> {
  if (code.length > MAX_CODE_LENGTH) return null;
  const reg = await loadRegistry();
  const id = reg.resolveLanguage(language);
  const load = id ? reg.languages[id] : undefined;
  if (!id || !load) return null;
  if (!reg.core.getLoadedLanguages().includes(id)) {
    await once(`lang:${id}`, () => reg.core.loadLanguage(load as Parameters<HighlighterCore["loadLanguage"]>[0]));
  }
  const themeName = await ensureTheme(reg, theme, mode);
  const result = reg.core.codeToTokens(code, { lang: id, theme: themeName, tokenizeMaxLineLength: 2000 });
  return {
    fg: result.fg,
    bg: result.bg,
    lines: result.tokens.map((line) => line.map((token) => ({ content: token.content, color: token.color, fontStyle: token.fontStyle }))),
  };
}

