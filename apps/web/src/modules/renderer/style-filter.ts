import type { CSSProperties } from "react";

/**
 * The inline-style subset kept when `readerRenderInlineStyle` is on. Authors use inline styles for
 * colour, alignment and emphasis, which are worth keeping; anything that can fetch (url()), run
 * (expression(), behavior, -moz-binding) or escape the reading pane (position, z-index, margins)
 * is not. Values are checked against a strict character set instead of a deny-list, so CSS
 * escapes, comments and functions other than colour functions never get through.
 */
const TEXT_PROPERTIES = new Set([
  "color",
  "background-color",
  "text-align",
  "font-weight",
  "font-style",
  "text-decoration",
  "text-decoration-line",
  "text-decoration-color",
  "text-decoration-style",
  "vertical-align",
]);

/** Sizes are kept only where they prevent layout jumps or shape tables. */
const SIZE_PROPERTIES = new Set(["width", "height", "max-width", "min-width"]);
const SIZED_TAGS = new Set(["img", "video", "table", "td", "th", "col", "colgroup", "figure"]);

/** Words, numbers, units, %, #hex, commas; plus rgb()/rgba()/hsl()/hsla() with plain numbers. */
const PLAIN_VALUE = /^[a-z0-9#.%\s,-]+$/i;
const COLOR_FUNCTION = /^(?:rgba?|hsla?)\(\s*[0-9.%\s,/-]+\)$/i;
const MAX_VALUE_LENGTH = 80;

function safeValue(value: string): boolean {
  if (!value || value.length > MAX_VALUE_LENGTH) return false;
  return PLAIN_VALUE.test(value) || COLOR_FUNCTION.test(value);
}

function camelCase(property: string): string {
  return property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Parses a `style` attribute into the React style object of its safe declarations (or null). */
export function filterStyle(style: string | null, tag: string): CSSProperties | null {
  if (!style) return null;
  // Anything escaped or commented is suspicious by construction: real authors do not need it.
  if (/[\\]|\/\*|<|>/.test(style)) return null;
  const out: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const allowed = TEXT_PROPERTIES.has(property) || (SIZE_PROPERTIES.has(property) && SIZED_TAGS.has(tag));
    if (!allowed || !safeValue(value)) continue;
    out[camelCase(property)] = value;
  }
  return Object.keys(out).length > 0 ? (out as CSSProperties) : null;
}

/** A size in CSS pixels from an attribute or style value ("1", "1px"), or null when not given. */
export function parsePixels(value: string | null | undefined): number | null {
  if (value == null) return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  return match ? Number(match[1]) : null;
}
