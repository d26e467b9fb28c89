import type { FeedFormat } from "./model.ts";

/** The document's root element and its attributes, skipping the prolog, comments and doctype. */
function rootElement(text: string): { name: string; attributes: string } | null {
  const ROOT = /<([A-Za-z_][\w:.-]*)((?:\s+[^>]*)?)>/g;
  // Comments, processing instructions and the doctype may hold anything, markup included.
  const head = text
    .slice(0, 64 * 1024)
    .replace(/<!--[\s\S]*?(-->|$)/g, "")
    .replace(/<\?[\s\S]*?(\?>|$)/g, "")
    .replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, "");
  let match: RegExpExecArray | null;
  while ((match = ROOT.exec(head))) {
    return { name: match[1]!, attributes: match[2] ?? "" };
  }
  return null;
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(attributes);
  return match ? (match[2] ?? match[3] ?? "") : null;
}

const RSS_VERSIONS: Record<string, FeedFormat> = {
  "0.90": "rss0.90",
  "0.9": "rss0.90",
  "0.91": "rss0.91",
  "0.92": "rss0.92",
  "0.93": "rss0.93",
  "0.94": "rss0.94",
  "2.0": "rss2.0",
  "2.00": "rss2.0",
  "2.0.1": "rss2.0",
  "2.01": "rss2.0",
};

/**
 * The format and version a document declares: `<rss version>`, the RDF and Atom namespaces, the
 * JSON Feed `version` URL. `null` when the document is none of them.
 */
export function sniffFormat(text: string, json: { version?: unknown } | null): FeedFormat | null {
  if (json) {
    const version = typeof json.version === "string" ? json.version : "";
    return /version\/1\.1/.test(version) ? "json1.1" : "json1.0";
  }
  const root = rootElement(text);
  if (!root) return null;
  const local = root.name.split(":").pop()!.toLowerCase();
  if (local === "rss") {
    const version = attribute(root.attributes, "version")?.trim() ?? "";
    return RSS_VERSIONS[version] ?? (/^2\./.test(version) ? "rss2.0" : "rss");
  }
  if (local === "rdf") return /my\.netscape\.com\/rdf\/simple\/0\.9/i.test(root.attributes) ? "rss0.90" : "rss1.0";
  if (local === "feed") {
    if (/purl\.org\/atom\/ns#/i.test(root.attributes) || attribute(root.attributes, "version") === "0.3") return "atom0.3";
    return "atom1.0";
  }
  if (local === "channel") return "rss";
  return null;
}
