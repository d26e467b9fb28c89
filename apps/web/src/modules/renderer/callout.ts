/**
 * Callouts (spec §2: note, success, warning, danger, info). Feeds mark them in several dialects:
 * GitHub's `> [!NOTE]` blockquotes (raw, or already rendered as `markdown-alert-*` divs), Obsidian's
 * `data-callout`, MkDocs' `admonition`, and plain `callout-*` classes. All of them become one
 * styled callout with our own icon and label.
 */
export type CalloutType = "note" | "success" | "warning" | "danger" | "info";

/** The label shown on the callout, after the keyword the author used (i18n `renderer.callout.*`). */
export type CalloutLabel = "note" | "tip" | "success" | "important" | "info" | "warning" | "caution" | "danger";

export interface Callout {
  type: CalloutType;
  label: CalloutLabel;
}

const KEYWORDS: Record<string, Callout> = {
  note: { type: "note", label: "note" },
  tip: { type: "success", label: "tip" },
  hint: { type: "success", label: "tip" },
  success: { type: "success", label: "success" },
  check: { type: "success", label: "success" },
  done: { type: "success", label: "success" },
  important: { type: "info", label: "important" },
  info: { type: "info", label: "info" },
  warning: { type: "warning", label: "warning" },
  warn: { type: "warning", label: "warning" },
  attention: { type: "warning", label: "warning" },
  caution: { type: "danger", label: "caution" },
  danger: { type: "danger", label: "danger" },
  error: { type: "danger", label: "danger" },
  failure: { type: "danger", label: "danger" },
  bug: { type: "danger", label: "danger" },
};

const MARKER = /^\s*\[!([a-z]+)\][+-]?[ \t]*(?:\r?\n)?\s*/i;
const CLASS_PREFIXES = ["callout-", "markdown-alert-", "admonition-", "alert-"];
const TITLE_CLASS = /(?:^|\s)(?:markdown-alert-title|admonition-title|callout-title)(?:\s|$)/;

function fromClass(element: Element): Callout | null {
  const classes = [...element.classList].map((name) => name.toLowerCase());
  for (const name of classes) {
    for (const prefix of CLASS_PREFIXES) {
      if (name.startsWith(prefix)) {
        const found = KEYWORDS[name.slice(prefix.length)];
        if (found) return found;
      }
    }
  }
  if (classes.includes("admonition") || classes.includes("callout")) {
    const keyword = element.getAttribute("data-callout")?.toLowerCase() ?? classes.find((name) => KEYWORDS[name]);
    return (keyword && KEYWORDS[keyword]) || (classes.includes("callout") ? KEYWORDS.note! : null);
  }
  return null;
}

/** The first text node with something in it, depth first (the marker must be the first thing). */
function firstText(node: Node): Text | null {
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) {
      if ((child as Text).data.trim()) return child as Text;
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const found = firstText(child);
    if (found) return found;
    // An element without text before the marker (an image, a line break) means there is no marker.
    if ((child as Element).localName !== "p" && (child as Element).localName !== "span") return null;
  }
  return null;
}

function isEmpty(element: Element): boolean {
  return !element.textContent?.trim() && ![...element.children].some((child) => child.localName !== "br");
}

function stripMarker(text: Text, length: number): void {
  text.data = text.data.slice(length);
  if (text.data) return;
  let next = text.nextSibling;
  while (next?.nodeType === Node.TEXT_NODE && !(next as Text).data.trim()) next = next.nextSibling;
  if (next?.nodeType === Node.ELEMENT_NODE && (next as Element).localName === "br") next.remove();
  const parent = text.parentElement;
  if (parent && parent.localName === "p" && isEmpty(parent)) parent.remove();
}

/**
 * The callout `element` stands for, or null. Side effect, on purpose: the marker text (`[!NOTE]`)
 * or the dialect's own title element is removed from the parsed tree, since the callout renders its
 * own label. The tree is the renderer's private parse, never the live document.
 */
export function takeCallout(element: Element): Callout | null {
  const tag = element.localName;
  if (tag !== "blockquote" && tag !== "div" && tag !== "aside" && tag !== "section") return null;
  const byClass = fromClass(element);
  if (byClass) {
    for (const child of element.children) {
      if (TITLE_CLASS.test(child.getAttribute("class") ?? "")) {
        child.remove();
        break;
      }
    }
    return byClass;
  }
  if (tag !== "blockquote") return null;
  const text = firstText(element);
  const match = text ? MARKER.exec(text.data) : null;
  const found = match ? KEYWORDS[match[1]!.toLowerCase()] : undefined;
  if (!text || !match || !found) return null;
  stripMarker(text, match[0].length);
  return found;
}
