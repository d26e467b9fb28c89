// Test support: the checks of the sanitiser attack corpus (/work/shared/corpus/xss/README.md),
// evaluated on the parsed sanitised output, never by searching the string. Also the visible
// text of an HTML fragment, to show that benign markup keeps its text.

import { parseHTML } from "linkedom";

/** A parsed node, reduced to what the checks read (the server compiles without DOM types). */
export interface ParsedNode {
  nodeType: number;
  nodeValue: string | null;
  childNodes: ArrayLike<ParsedNode>;
}

/** A parsed element, reduced to what the checks read. */
interface CheckedElement extends ParsedNode {
  localName: string;
  textContent: string | null;
  attributes: ArrayLike<{ name: string; value: string }>;
}

const ELEMENT = 1;
const TEXT = 3;

// Attributes whose value is plain text, never a URL (README: title, alt, aria-*, data-*).
const PLAIN_TEXT_ATTRIBUTE = /^(?:title|alt|aria-.*|data-.*)$/;
const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|mocha):/;
const URL_ATTRIBUTE = /^(?:href|src|data|action|formaction)$/;
const HTML_DATA_URL = /^data:(?:text\/html|application\/xhtml\+xml)/;
const ACTIVE_CSS = ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior:"];
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/g;

/** Parses an HTML fragment the way the reader's page would hold it: as the children of <body>. */
export function parseFragment(html: string): ParsedNode {
  const { document } = parseHTML("<!doctype html><html><head></head><body></body></html>");
  document.body.innerHTML = html;
  return document.body as unknown as ParsedNode;
}

// A plain walk over childNodes: linkedom's querySelectorAll trips over some malformed trees.
function elements(root: ParsedNode): CheckedElement[] {
  const found: CheckedElement[] = [];
  const walk = (node: ParsedNode): void => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType !== ELEMENT) continue;
      found.push(child as CheckedElement);
      walk(child);
    }
  };
  walk(root);
  return found;
}

// Namespaced names (svg:script, xlink:href) count by their local part.
const local = (name: string) => name.toLowerCase().slice(name.lastIndexOf(":") + 1);

function hasScriptUrl(element: CheckedElement): boolean {
  for (const { name, value } of Array.from(element.attributes)) {
    const attribute = local(name);
    if (PLAIN_TEXT_ATTRIBUTE.test(attribute)) continue;
    const squeezed = value.replace(CONTROL_OR_SPACE, "").toLowerCase();
    if (SCRIPT_SCHEME.test(squeezed)) return true;
    if (URL_ATTRIBUTE.test(attribute) && HTML_DATA_URL.test(squeezed)) return true;
    // meta refresh (`0;url=javascript:…`) and SVG animation lists (`values="a;javascript:…"`)
    if (/url=(?:javascript|vbscript|livescript|mocha):/.test(squeezed)) return true;
    if (/^(?:values|to|from|by)$/.test(attribute) && squeezed.split(";").some((v) => SCRIPT_SCHEME.test(v))) return true;
  }
  return false;
}

function hasActiveCss(element: CheckedElement): boolean {
  const sources = Array.from(element.attributes)
    .filter((a) => local(a.name) === "style")
    .map((a) => a.value);
  if (local(element.localName) === "style") sources.push(element.textContent ?? "");
  return sources.some((css) => {
    const squeezed = css.replace(/\/\*[\s\S]*?\*\//g, "").replaceAll("\\", "").replace(/\s+/g, "").toLowerCase();
    return ACTIVE_CSS.some((needle) => squeezed.includes(needle));
  });
}

/**
 * The corpus checks that `html` fails, out of `checks` (`no-script-element`,
 * `no-event-handler-attribute`, `no-script-url`, `no-css-active-content`, `no-element:<tag>`).
 * An unknown check name fails, so a new kind of check cannot pass unnoticed.
 */
export function failedChecks(html: string, checks: readonly string[]): string[] {
  const all = elements(parseFragment(html));
  const failing = (check: string): boolean => {
    if (check === "no-script-element") return all.some((e) => local(e.localName) === "script");
    if (check === "no-event-handler-attribute") {
      return all.some((e) => Array.from(e.attributes).some((a) => local(a.name).startsWith("on") || a.name.toLowerCase().startsWith("on")));
    }
    if (check === "no-script-url") return all.some(hasScriptUrl);
    if (check === "no-css-active-content") return all.some(hasActiveCss);
    if (check.startsWith("no-element:")) {
      const tag = check.slice("no-element:".length).toLowerCase();
      return all.some((e) => local(e.localName) === tag);
    }
    return true;
  };
  return checks.filter(failing);
}

/**
 * Whitespace-normalised text of an HTML fragment, leaving out the text inside any element
 * named in `ignored` (the elements the sanitiser removes with their content).
 */
export function visibleText(html: string, ignored: ReadonlySet<string>): string {
  let text = "";
  const walk = (node: ParsedNode): void => {
    if (node.nodeType === TEXT) text += node.nodeValue ?? "";
    if (node.nodeType !== ELEMENT || ignored.has(local((node as CheckedElement).localName))) return;
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(parseFragment(html));
  return text.replace(/\s+/g, " ").trim();
}
