/**
 * A small Markdown reader for the daily report: headings, paragraphs, lists, quotes, rules and
 * code blocks; inline code, strong, emphasis and links. It yields a tree of plain data, never
 * HTML: raw HTML in the source stays text.
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };

export type Block =
  | { type: "heading"; level: number; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Inline[][] }
  | { type: "quote"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "rule" };

const INLINE = /`([^`]+)`|\[([^\]]+)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s](?:[^*]*[^*\s])?)\*|(?<![\w])_([^_\s](?:[^_]*[^_\s])?)_(?![\w])/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ type: "text", text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: "text", text: rest.slice(0, match.index) });
    const [whole, code, label, href, strong, strong2, em, em2] = match;
    if (code !== undefined) out.push({ type: "code", text: code });
    else if (label !== undefined) out.push({ type: "link", href: href!, children: parseInline(label) });
    else if ((strong ?? strong2) !== undefined) out.push({ type: "strong", children: parseInline((strong ?? strong2)!) });
    else out.push({ type: "em", children: parseInline((em ?? em2)!) });
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s*>\s?(.*)$/;
const FENCE = /^\s*(```|~~~)/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: parseInline(paragraph.join(" ")) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) code.push(lines[i]!);
      blocks.push({ type: "code", text: code.join("\n") });
    } else if (!line.trim()) flush();
    else if (HEADING.test(line)) {
      flush();
      const [, hashes, text] = HEADING.exec(line)!;
      blocks.push({ type: "heading", level: hashes!.length, children: parseInline(text!) });
    } else if (RULE.test(line)) {
      flush();
      blocks.push({ type: "rule" });
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      flush();
      const ordered = !BULLET.test(line);
      const item = (ordered ? NUMBERED : BULLET).exec(line)![1]!;
      const last = blocks.at(-1);
      if (last?.type === "list" && last.ordered === ordered) last.items.push(parseInline(item));
      else blocks.push({ type: "list", ordered, items: [parseInline(item)] });
    } else if (QUOTE.test(line)) {
      flush();
      const text = QUOTE.exec(line)![1]!;
      const last = blocks.at(-1);
      if (last?.type === "quote") last.children.push({ type: "text", text: " " }, ...parseInline(text));
      else blocks.push({ type: "quote", children: parseInline(text) });
    } else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
