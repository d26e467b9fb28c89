// Attribute allow-list of the entry sanitiser: which attributes of an element are written, and
// how. Runs after the element's transform (sanitize-transforms.ts), on the attributes it left:
// every name is looked up in Sets built once from sanitize-policy.ts, and only the few values
// that need it (URLs, srcset, class, style) get more than escaping.

import { ALLOWED_ATTRIBUTES, ALLOWED_CLASSES, ALLOWED_TAGS } from "./sanitize-policy.ts";
import type { Attribs } from "./sanitize-media.ts";
import { filterStyle } from "./sanitize-style.ts";

const ANY_ELEMENT = ALLOWED_ATTRIBUTES["*"] ?? [];

// Allowed attributes per allowed element: its own, the "*" ones, and class where classes are
// allowed at all (then filtered by ALLOWED_CLASSES).
const ATTRIBUTES = new Map<string, ReadonlySet<string>>(
  ALLOWED_TAGS.map((tag) => [tag, new Set([...(ALLOWED_ATTRIBUTES[tag] ?? []), ...ANY_ELEMENT, ...(ALLOWED_CLASSES[tag] ? ["class"] : [])])]),
);
const NO_ATTRIBUTES: ReadonlySet<string> = new Set(ANY_ELEMENT);

// The allowed attributes that mean something without a value (`<details open>`); any other one
// is dropped when empty, except alt, whose empty value says "decorative image".
const BOOLEAN = new Set(["allowfullscreen", "controls", "default", "loop", "muted", "open", "playsinline", "reversed"]);

// Attributes holding one URL, and the schemes each element may use in them. The transforms have
// already cleaned every such URL (sanitize-url.ts); this is a second, independent line of
// defence, as sanitize-html's scheme check was.
const URL_ATTRIBUTES = new Set(["href", "src", "cite", "poster"]);
const LINK_SCHEMES = new Set(["http", "https"]);
const MEDIA_SCHEMES = new Set(["http", "https", "data"]);
const MEDIA_TAGS = new Set(["img", "source", "video", "audio", "track"]);

// Class patterns ("language-*") as one anchored expression per element; exact names in a Set.
const CLASS_NAMES = new Map<string, ReadonlySet<string>>();
const CLASS_PATTERN = new Map<string, RegExp>();
for (const [tag, classes] of Object.entries(ALLOWED_CLASSES)) {
  CLASS_NAMES.set(tag, new Set(classes.filter((c) => !c.includes("*"))));
  const globs = classes.filter((c) => c.includes("*")).map((c) => c.replace(/[|\\{}()[\]^$+?.]/g, "\\$&").replaceAll("*", ".*"));
  if (globs.length > 0) CLASS_PATTERN.set(tag, new RegExp(`^(?:${globs.join("|")})$`));
}

const ATTRIBUTE_SPECIAL = /[&<>"]/;
const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** An attribute value made safe inside double quotes. */
function escapeAttribute(value: string): string {
  return ATTRIBUTE_SPECIAL.test(value) ? value.replace(/[&<>"]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c) : value;
}

/**
 * The attributes of an allowed element as they are written after its name (each with a leading
 * space), in the order of `attribs`: allowed names only, URLs re-checked, srcset normalised,
 * class and style filtered, values escaped.
 */
export function writeAttributes(tag: string, attribs: Attribs): string {
  const allowed = ATTRIBUTES.get(tag) ?? NO_ATTRIBUTES;
  let out = "";
  for (const name in attribs) {
    if (!allowed.has(name)) continue;
    let value: string | null = attribs[name] ?? "";
    if (value === "") {
      if (name === "alt") out += ' alt=""';
      else if (BOOLEAN.has(name)) out += ` ${name}`;
      continue;
    }
    if (URL_ATTRIBUTES.has(name)) {
      if (isNaughtyUrl(tag, value)) continue;
    } else if (name === "srcset") {
      value = normalizeSrcset(tag, value);
    } else if (name === "class") {
      value = filterClasses(tag, value);
    } else if (name === "style") {
      value = filterStyle(tag, value);
    }
    if (value) out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

// What browsers skip inside a URL, and comments an XML data island would drop: what a scheme
// could hide behind.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const IGNORED_IN_URL = /[\u0000-\u0020]+/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDING_PLACE = /[\u0000-\u0020]|<!--/;
const URL_SCHEME = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/;
const PROTOCOL_RELATIVE = /^[/\\]{2}/;

/**
 * True when a URL must go: a scheme the element may not use, or protocol-relative (the transforms
 * turned those into https, so one here came from elsewhere). Relative URLs pass.
 */
function isNaughtyUrl(tag: string, url: string): boolean {
  let squeezed = url;
  if (HIDING_PLACE.test(url)) {
    squeezed = url.replace(IGNORED_IN_URL, "");
    for (let open = squeezed.indexOf("<!--"); open >= 0; open = squeezed.indexOf("<!--")) {
      const close = squeezed.indexOf("-->", open + 4);
      if (close < 0) break;
      squeezed = squeezed.slice(0, open) + squeezed.slice(close + 3);
    }
  }
  const scheme = URL_SCHEME.exec(squeezed)?.[1];
  if (scheme === undefined) return PROTOCOL_RELATIVE.test(squeezed);
  return !(MEDIA_TAGS.has(tag) ? MEDIA_SCHEMES : LINK_SCHEMES).has(scheme.toLowerCase());
}

const NON_NEGATIVE_INTEGER = /^\d+$/;
const FLOAT = /^-?(?:\d+|\d*\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A srcset from cleanSrcset (candidates `url[ descriptor]` joined by ", "; URLs hold no
 * whitespace) in the canonical form sanitize-html wrote: numbers re-printed ("1.50x" → "1.5x"),
 * candidates with a zero width or height or a naughty URL dropped; null when none is left.
 */
function normalizeSrcset(tag: string, srcset: string): string | null {
  let out = "";
  for (const candidate of srcset.split(", ")) {
    const space = candidate.indexOf(" ");
    const url = space < 0 ? candidate : candidate.slice(0, space);
    const descriptor = space < 0 ? "" : candidate.slice(space + 1);
    if (url === "" || isNaughtyUrl(tag, url)) continue;
    let written = url;
    if (descriptor !== "") {
      const unit = descriptor.slice(-1);
      const number = descriptor.slice(0, -1);
      if ((unit === "w" || unit === "h") && NON_NEGATIVE_INTEGER.test(number)) {
        const size = Number.parseInt(number, 10);
        if (size === 0) continue;
        written += ` ${size}${unit}`;
      } else if (unit === "x" && FLOAT.test(number)) {
        const density = Number.parseFloat(number);
        if (density < 0) continue;
        if (density) written += ` ${density}x`;
      } else {
        continue;
      }
    }
    out += out ? `, ${written}` : written;
  }
  return out || null;
}

/** The allowed classes of a class attribute, space-separated ("" when none). */
function filterClasses(tag: string, value: string): string {
  const names = CLASS_NAMES.get(tag);
  const pattern = CLASS_PATTERN.get(tag);
  return value
    .split(/\s+/)
    .filter((name) => names?.has(name) || pattern?.test(name))
    .join(" ");
}
