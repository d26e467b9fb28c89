import { Check, Copy } from "lucide-react";
import { type CSSProperties, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUISetting } from "../../store/settings.store.ts";
import { useCopy } from "../toast/index.ts";
import { guessLanguage } from "./code-language.ts";
import { type HighlightedCode, type HighlightToken, highlightCode } from "./highlighter.ts";
import { useDarkMode } from "./use-dark-mode.ts";

export interface CodeBlockProps {
  code: string;
  /** From the markup: a language name, "" for explicit plain text, null when the markup says nothing. */
  language: string | null;
  /** Guess the language when the markup says nothing (`guessCodeLanguage`). */
  guess: boolean;
}

/**
 * A `<pre>` block of entry content. It shows plain monospace text at once and swaps in shiki's
 * colours when they arrive, so reading never waits on the highlighter; the themes follow the
 * light/dark code theme settings and the current colour mode.
 */
export function CodeBlock({ code, language, guess }: CodeBlockProps) {
  const lang = useMemo(() => language ?? (guess ? guessLanguage(code) : null), [code, language, guess]);
  const dark = useDarkMode();
  const themeLight = useUISetting("codeHighlightThemeLight");
  const themeDark = useUISetting("codeHighlightThemeDark");
  const theme = dark ? themeDark : themeLight;
  const [result, setResult] = useState<{ source: string; value: HighlightedCode } | null>(null);
  const source = `${lang ?? ""}\u0000${code}`;

  useEffect(() => {
    if (!lang) return;
    let cancelled = false;
    highlightCode(code, lang, theme, dark ? "dark" : "light").then(
      (value) => {
        if (!cancelled && value) setResult({ source, value });
      },
      (error: unknown) => console.warn("Code highlighting failed", error),
    );
    return () => {
      cancelled = true;
    };
  }, [code, lang, theme, dark, source]);

  // A result for other code is stale; one for another theme is kept until the new one arrives.
  const highlighted = result?.source === source ? result.value : null;
  return (
    <div className="entry-code group/code relative" data-language={lang || undefined}>
      <div className="absolute top-1.5 right-1.5 flex items-center gap-1 transition-opacity pointer-fine:opacity-0 pointer-fine:group-hover/code:opacity-100 pointer-fine:focus-within:opacity-100">
        {lang ? <span className="font-mono text-[0.7rem] text-zinc-500 select-none">{lang}</span> : null}
        <CopyCodeButton code={code} />
      </div>
      <pre style={highlighted ? { color: highlighted.fg, backgroundColor: highlighted.bg } : undefined} data-highlighted={highlighted ? "" : undefined}>
        <code>{highlighted ? <Lines lines={highlighted.lines} /> : code}</code>
      </pre>
    </div>
  );
}

function Lines({ lines }: { lines: HighlightToken[][] }) {
  return lines.map((line, index) => (
    <span key={index} className="line">
      {line.map((token, tokenIndex) => (
        <span key={tokenIndex} style={tokenStyle(token)}>
          {token.content}
        </span>
      ))}
      {index < lines.length - 1 ? "\n" : null}
    </span>
  ));
}

function tokenStyle(token: HighlightToken): CSSProperties | undefined {
  const flags = token.fontStyle ?? 0;
  if (!token.color && flags <= 0) return undefined;
  const decoration = [flags & 4 ? "underline" : "", flags & 8 ? "line-through" : ""].filter(Boolean).join(" ");
  return {
    color: token.color,
    fontStyle: flags & 1 ? "italic" : undefined,
    fontWeight: flags & 2 ? "bold" : undefined,
    textDecoration: decoration || undefined,
  };
}

function CopyCodeButton({ code }: { code: string }) {
  const { t } = useTranslation("app");
  const { copied, copy } = useCopy();
  const label = copied ? t("renderer.copied") : t("renderer.copy_code");
  return (
    <button
      type="button"
      className="inline-flex size-7 items-center justify-center rounded-md border border-zinc-200 bg-white/90 text-zinc-600 hover:text-zinc-900 dark:border-zinc-700 dark:bg-zinc-800/90 dark:text-zinc-300 dark:hover:text-white"
      aria-label={label}
      title={label}
      onClick={() => void copy(code).catch(() => {})}
    >
      {copied ? <Check className="size-3.5 text-orange-500" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
    </button>
  );
}
