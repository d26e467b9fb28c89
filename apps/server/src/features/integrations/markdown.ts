import { domToMarkdown, type MarkdownSourceNode } from "@tidings/utils";

/** An entry's HTML as Markdown, parsed with linkedom (loaded on the first Outline save). */
export async function htmlToMarkdown(html: string, baseUrl: string | null): Promise<string> {
  if (!html.trim()) return "";
  const { parseHTML } = await import("linkedom");
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`);
  return domToMarkdown(document.body as unknown as MarkdownSourceNode, baseUrl ? { baseUrl } : {});
}
