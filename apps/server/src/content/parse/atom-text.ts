import { decodeBase64Text, isBase64Construct } from "./base64-text.ts";
import { hasElements, innerHtml, textOf, wrappingDiv } from "./xml-nodes.ts";
import type { XmlElement } from "./xml-tree.ts";

/** An Atom text construct (title, subtitle, summary, content…) read as text or markup. */
export interface AtomText {
  /** Trimmed and non-empty. */
  value: string;
  /**
   * "text": `value` is literal text; "html"/"xhtml": it is HTML; any other (a MIME type such as
   * application/octet-stream, base64-decoded) is shown as HTML in content but literally in titles.
   */
  type: string;
  /** The xml:base in effect for the markup (an XHTML div may declare its own). */
  base: string | null;
}

const TEXT_TYPES = new Set(["", "text", "text/plain"]);
const HTML_TYPES = new Set(["html", "text/html"]);
const XHTML_TYPES = new Set(["xhtml", "application/xhtml+xml"]);

function construct(value: string, type: string, base: string | null): AtomText | null {
  const trimmed = value.trim();
  return trimmed ? { value: trimmed, type, base } : null;
}

/**
 * The construct's value by its `type` (Atom 1.0: text, html, xhtml; Atom 0.3: a MIME type, with
 * `mode` escaped, xml or base64). XHTML comes back as HTML without its wrapping div. Markup
 * written unescaped where the type says text or html is read as HTML all the same, and "xhtml"
 * that holds only escaped markup as HTML: what the feed meant.
 */
export function atomText(element: XmlElement | undefined): AtomText | null {
  if (!element) return null;
  const type = element.attrs.type?.trim().toLowerCase() ?? "";
  if (isBase64Construct(type, element.attrs.mode)) {
    const decoded = decodeBase64Text(textOf(element).trim());
    if (decoded !== null) return construct(decoded, TEXT_TYPES.has(type) ? "text" : HTML_TYPES.has(type) ? "html" : type, element.base);
  }
  if (!hasElements(element)) return construct(textOf(element), TEXT_TYPES.has(type) ? "text" : "html", element.base);
  if (XHTML_TYPES.has(type)) {
    const div = wrappingDiv(element, false);
    return construct(innerHtml(div ?? element, true), "xhtml", (div ?? element).base);
  }
  // Typepad and others wrap escaped HTML in an XHTML div.
  const div = wrappingDiv(element, true);
  return construct(innerHtml(div ?? element), "html", (div ?? element).base);
}
