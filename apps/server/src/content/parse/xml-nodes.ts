// Reading the element tree of xml-tree.ts: text, attributes and markup of elements.

import type { XmlElement, XmlNode } from "./xml-tree.ts";

/** The element's text: its own text nodes joined (child elements' text is not included). */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return "";
  const children = element.children;
  if (children.length === 1 && typeof children[0] === "string") return children[0];
  let text = "";
  for (const node of children) if (typeof node === "string") text += node;
  return text;
}

/** The first child element with this name. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (const node of element.children) if (typeof node !== "string" && node.name === name) return node;
  return undefined;
}

/** The child elements with this name. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  if (element) for (const node of element.children) if (typeof node !== "string" && node.name === name) found.push(node);
  return found;
}

/** Whether the element holds child elements (markup written unescaped) rather than only text. */
export function hasElements(element: XmlElement): boolean {
  for (const node of element.children) if (typeof node !== "string") return true;
  return false;
}

/** A name without its namespace prefix. */
export const localName = (name: string) => name.slice(name.indexOf(":") + 1);

// Elements HTML writes without an end tag.
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"]);

const escapeText = (text: string) =>
  /[&<>]/.test(text) ? text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : text;
const escapeAttribute = (text: string) => (/[&"]/.test(text) ? text.replace(/&/g, "&amp;").replace(/"/g, "&quot;") : text);

/**
 * Writes nodes back as HTML. With `escape`, text is XHTML text and is escaped; without, it is
 * HTML source: in HTML content where a feed left some markup unescaped (`<description>` of RSS,
 * an Atom `type="html"` construct), the text between those tags is itself escaped HTML.
 */
function serialize(nodes: XmlNode[], escape: boolean, out: string[]): void {
  for (const node of nodes) {
    if (typeof node === "string") {
      out.push(escape ? escapeText(node) : node);
      continue;
    }
    const name = localName(node.name);
    let tag = `<${name}`;
    for (const key in node.attrs) {
      // Namespace declarations and xml:* attributes mean nothing to HTML.
      if (key.startsWith("xml")) continue;
      tag += ` ${key}="${escapeAttribute(node.attrs[key]!)}"`;
    }
    if (node.children.length === 0 && VOID.has(name)) {
      out.push(`${tag}>`);
    } else {
      out.push(`${tag}>`);
      serialize(node.children, escape, out);
      out.push(`</${name}>`);
    }
  }
}

/** The element's content written back as HTML (see {@link serialize}): namespace prefixes dropped. */
export function innerHtml(element: XmlElement, escape = false): string {
  const out: string[] = [];
  serialize(element.children, escape, out);
  return out.join("");
}

/**
 * The element's content as an HTML string: its text (escaped HTML, or CDATA) when that is all it
 * holds, else its children serialised (HTML a feed wrote unescaped).
 */
export function markupOf(element: XmlElement | undefined): string {
  if (!element) return "";
  return hasElements(element) ? innerHtml(element) : textOf(element);
}

/**
 * The single `<div>` child that wraps XHTML content (only whitespace beside it), if there is one;
 * with `xhtmlOnly`, only a div of the XHTML namespace counts.
 */
export function wrappingDiv(element: XmlElement, xhtmlOnly: boolean): XmlElement | null {
  let wrapper: XmlElement | null = null;
  for (const node of element.children) {
    if (typeof node === "string") {
      if (node.trim()) return null;
    } else if (wrapper || (xhtmlOnly ? node.name !== "xhtml:div" : localName(node.name) !== "div")) {
      return null;
    } else wrapper = node;
  }
  return wrapper;
}
