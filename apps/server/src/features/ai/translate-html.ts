import { parseHTML } from "linkedom";
import { sanitizeHtml } from "../../content/sanitize/sanitize.ts";

/** Elements translated as a unit, when no other such element is inside them. */
const BLOCKS = new Set(["P", "H1", "H2", "H3", "H4", "H5", "H6", "LI", "BLOCKQUOTE", "FIGCAPTION", "DT", "DD", "TD", "TH", "CAPTION", "SUMMARY"]);
/** Blocks whose translation goes inside them (a sibling would add a list item or a table cell). */
const INSIDE = new Set(["LI", "TD", "TH", "CAPTION", "SUMMARY"]);
/** Never translated: code and preformatted text. */
const SKIP = new Set(["PRE", "CODE", "SCRIPT", "STYLE"]);

interface Element {
  tagName: string;
  innerHTML: string;
  textContent: string | null;
  parentNode: Element | null;
  nextSibling: unknown;
  children: ArrayLike<Element>;
  querySelector(selector: string): Element | null;
  setAttribute(name: string, value: string): void;
  insertBefore(node: unknown, before: unknown): void;
  appendChild(node: unknown): void;
}

/**
 * An entry's content cut into the pieces a model translates: each leaf block element (a paragraph,
 * heading, list item, cell…; code never) with text in it, as its inner HTML. Content without any
 * block is one piece. `apply` puts translations back: the whole content translated, and the
 * immersive form, where each translated block is followed by its translation marked
 * `data-translation="<language>"`. Both come out re-sanitised.
 */
export interface ContentPieces {
  pieces: string[];
  apply(translations: (string | null)[], language: string): { translated: string; immersive: string };
}

export function splitContent(html: string): ContentPieces {
  const { document } = parseHTML(wrap(html));
  const root = document.getElementById("root") as unknown as Element;
  const blocks = leafBlocks(root);
  const whole = blocks.length === 0 && (root.textContent ?? "").trim() !== "";
  const units = whole ? [root] : blocks;
  const originals = units.map((unit) => unit.innerHTML);
  return {
    pieces: originals,
    apply(translations, language) {
      // Immersive first, on the original tree: then the same nodes hold the translations.
      units.forEach((unit, i) => {
        const translation = translations[i];
        if (!translation) return;
        const copy = document.createElement(whole || INSIDE.has(unit.tagName) ? "div" : unit.tagName.toLowerCase()) as unknown as Element;
        copy.setAttribute("data-translation", language);
        copy.innerHTML = translation;
        if (whole || INSIDE.has(unit.tagName)) unit.appendChild(copy);
        else unit.parentNode?.insertBefore(copy, unit.nextSibling);
      });
      const immersive = root.innerHTML;
      const translatedTree = parseHTML(wrap(html)).document;
      const translatedRoot = translatedTree.getElementById("root") as unknown as Element;
      const again = whole ? [translatedRoot] : leafBlocks(translatedRoot);
      again.forEach((unit, i) => {
        const translation = translations[i];
        if (translation) unit.innerHTML = translation;
      });
      return { translated: sanitizeHtml(translatedRoot.innerHTML), immersive: sanitizeHtml(immersive) };
    },
  };
}

/** The leaf blocks with text under `root`, in document order. */
function leafBlocks(root: Element): Element[] {
  const blocks: Element[] = [];
  const visit = (element: Element) => {
    if (SKIP.has(element.tagName)) return;
    if (BLOCKS.has(element.tagName) && !hasBlockInside(element)) {
      if ((element.textContent ?? "").trim()) blocks.push(element);
      return;
    }
    for (const child of Array.from(element.children)) visit(child);
  };
  visit(root);
  return blocks;
}

const wrap = (html: string) => `<!doctype html><html><body><div id="root">${html}</div></body></html>`;

function hasBlockInside(element: Element): boolean {
  for (const child of Array.from(element.children)) {
    if (BLOCKS.has(child.tagName) || hasBlockInside(child)) return true;
  }
  return false;
}
