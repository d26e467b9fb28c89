/**
 * The part of a DOM node the Markdown converter reads. A browser's `Node` and linkedom's nodes
 * both fit, so the web client and the server convert with one function.
 */
export interface MarkdownSourceNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly childNodes: ArrayLike<MarkdownSourceNode>;
  readonly textContent: string | null;
  getAttribute?(name: string): string | null;
}

/** Options of {@link domToMarkdown}. */
export interface MarkdownOptions {
  /** Relative links and images are resolved against it (the entry's URL). */
  baseUrl?: string;
}

const ELEMENT = 1;
const TEXT = 3;
const SKIPPED = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "TITLE", "META", "LINK", "BUTTON", "INPUT", "SELECT", "TEXTAREA", "svg", "SVG"]);
const BLOCKS = new Set(["P", "DIV", "SECTION", "ARTICLE", "HEADER", "FOOTER", "MAIN", "ASIDE", "NAV", "FIGURE", "FIGCAPTION", "DETAILS", "SUMMARY", "ADDRESS", "DL", "DT", "DD", "CENTER", "BODY", "HTML"]);

interface Context {
  baseUrl: string | undefined;
  /** Inside a table cell: blocks and breaks become spaces. */
  cell: boolean;
}

/**
 * Converts a DOM tree (an entry's sanitised HTML, parsed) to GitHub-flavoured Markdown:
 * headings, paragraphs, emphasis, links, images, lists (nested), quotes, code blocks with their
 * language, tables and rules. Unknown elements keep their text.
 *
 * @example domToMarkdown(new DOMParser().parseFromString(html, "text/html").body, { baseUrl: entry.url })
 */
export function domToMarkdown(root: MarkdownSourceNode, options: MarkdownOptions = {}): string {
  const ctx: Context = { baseUrl: options.baseUrl, cell: false };
  return tidy(children(root, ctx));
}

function tidy(markdown: string): string {
  return markdown
    .replace(/[ \t]+\n/g, (match) => (match.startsWith("  ") && match.length === 3 ? match : "\n"))
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function children(node: MarkdownSourceNode, ctx: Context): string {
  let out = "";
  for (let i = 0; i < node.childNodes.length; i++) out += convert(node.childNodes[i]!, ctx);
  return out;
}

function convert(node: MarkdownSourceNode, ctx: Context): string {
  if (node.nodeType === TEXT) return escapeText((node.textContent ?? "").replace(/\s+/g, " "));
  if (node.nodeType !== ELEMENT) return "";
  const name = node.nodeName.toUpperCase();
  if (SKIPPED.has(node.nodeName) || SKIPPED.has(name)) return "";
  const block = (text: string) => (ctx.cell ? ` ${text.trim()} ` : `\n\n${text.trim()}\n\n`);
  switch (name) {
    case "H1":
    case "H2":
    case "H3":
    case "H4":
    case "H5":
    case "H6": {
      const text = collapse(children(node, ctx));
      return text ? block(`${"#".repeat(Number(name[1]))} ${text}`) : "";
    }
    case "BR":
      return ctx.cell ? " " : "  \n";
    case "HR":
      return block("---");
    case "STRONG":
    case "B":
      return wrap(children(node, ctx), "**");
    case "EM":
    case "I":
    case "CITE":
      return wrap(children(node, ctx), "_");
    case "DEL":
    case "S":
    case "STRIKE":
      return wrap(children(node, ctx), "~~");
    case "CODE":
    case "KBD":
    case "SAMP":
      return inlineCode(node.textContent ?? "");
    case "PRE":
      return ctx.cell ? inlineCode(node.textContent ?? "") : codeBlock(node);
    case "A":
      return link(node, ctx);
    case "IMG":
      return image(node, ctx);
    case "UL":
    case "OL":
      return ctx.cell ? children(node, ctx) : list(node, ctx);
    case "BLOCKQUOTE": {
      if (ctx.cell) return children(node, ctx);
      const inner = tidy(children(node, ctx));
      return inner ? block(inner.split("\n").map((line) => (line ? `> ${line}` : ">")).join("\n")) : "";
    }
    case "TABLE":
      return ctx.cell ? children(node, ctx) : table(node, ctx);
    default:
      return BLOCKS.has(name) ? block(children(node, ctx)) : children(node, ctx);
  }
}

/** Markdown's inline markers, escaped in plain text. */
function escapeText(text: string): string {
  return text.replace(/([\\`*_[\]])/g, "\\$1");
}

function collapse(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function wrap(text: string, marker: string): string {
  const trimmed = text.trim();
  if (!trimmed) return text;
  // Spaces stay outside the markers, where Markdown expects them.
  const lead = text.startsWith(" ") ? " " : "";
  const trail = text.endsWith(" ") ? " " : "";
  return `${lead}${marker}${trimmed}${marker}${trail}`;
}

function inlineCode(text: string): string {
  const code = text.replace(/\s*\n\s*/g, " ");
  if (!code) return "";
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = code.startsWith("`") || code.endsWith("`") ? " " : "";
  return `${fence}${pad}${code}${pad}${fence}`;
}

function codeBlock(node: MarkdownSourceNode): string {
  const text = (node.textContent ?? "").replace(/\n$/, "");
  const longest = Math.max(0, ...(text.match(/`{3,}/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `\n\n${fence}${codeLanguage(node)}\n${text}\n${fence}\n\n`;
}

/** `language-js` / `lang-js` on the pre or its code element. */
function codeLanguage(node: MarkdownSourceNode): string {
  const classes = [node.getAttribute?.("class") ?? ""];
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i]!;
    if (child.nodeType === ELEMENT && child.nodeName.toUpperCase() === "CODE") classes.push(child.getAttribute?.("class") ?? "");
  }
  const match = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes.join(" "));
  return match?.[1] ?? "";
}

function resolve(url: string, ctx: Context): string {
  try {
    return new URL(url, ctx.baseUrl).href;
  } catch {
    return url;
  }
}

/** A URL as a link destination: angle brackets when it has spaces or parentheses. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

function link(node: MarkdownSourceNode, ctx: Context): string {
  const text = collapse(children(node, ctx));
  const href = node.getAttribute?.("href")?.trim();
  if (!href || href.startsWith("javascript:")) return text;
  const url = href.startsWith("#") ? href : resolve(href, ctx);
  if (!text) return "";
  const title = node.getAttribute?.("title");
  return `[${text}](${destination(url)}${title ? ` "${title.replace(/"/g, '\\"')}"` : ""})`;
}

function image(node: MarkdownSourceNode, ctx: Context): string {
  const src = node.getAttribute?.("src")?.trim();
  if (!src) return "";
  const alt = escapeText(collapse(node.getAttribute?.("alt") ?? ""));
  return `![${alt}](${destination(resolve(src, ctx))})`;
}

function elements(node: MarkdownSourceNode, names: readonly string[]): MarkdownSourceNode[] {
  const found: MarkdownSourceNode[] = [];
  for (let i = 0; i < node.childNodes.length; i++) {
    const child = node.childNodes[i]!;
    if (child.nodeType === ELEMENT && names.includes(child.nodeName.toUpperCase())) found.push(child);
  }
  return found;
}

function list(node: MarkdownSourceNode, ctx: Context): string {
  const ordered = node.nodeName.toUpperCase() === "OL";
  const start = Number(node.getAttribute?.("start") ?? "1");
  const items = elements(node, ["LI"]).map((item, index) => {
    const marker = ordered ? `${(Number.isFinite(start) ? start : 1) + index}. ` : "- ";
    let body = tidy(children(item, ctx));
    // An item of plain text and nested lists stays tight; paragraphs make it loose.
    if (elements(item, ["P"]).length === 0) body = body.replace(/\n\n+/g, "\n");
    const indent = " ".repeat(marker.length);
    return marker + body.split("\n").map((line, i) => (i === 0 || !line ? line : indent + line)).join("\n");
  });
  return items.length ? `\n\n${items.join("\n")}\n\n` : "";
}

function table(node: MarkdownSourceNode, ctx: Context): string {
  const rows: MarkdownSourceNode[] = [];
  const collect = (parent: MarkdownSourceNode) => {
    for (const child of elements(parent, ["THEAD", "TBODY", "TFOOT", "TR"])) {
      if (child.nodeName.toUpperCase() === "TR") rows.push(child);
      else collect(child);
    }
  };
  collect(node);
  const cellCtx: Context = { ...ctx, cell: true };
  const grid = rows.map((row) => elements(row, ["TH", "TD"]).map((cell) => collapse(children(cell, cellCtx)).replace(/\|/g, "\\|")));
  const width = Math.max(0, ...grid.map((cells) => cells.length));
  if (width === 0) return "";
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? "").join(" | ")} |`;
  const [head = [], ...body] = grid;
  return `\n\n${[line(head), line(Array.from({ length: width }, () => "---")), ...body.map(line)].join("\n")}\n\n`;
}
