import type { FeedFormat } from "./model.ts";
import { localName } from "./xml-nodes.ts";
import type { XmlElement } from "./xml-tree.ts";

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

/** Whether one of the element's attributes (its namespace declarations) mentions `namespace`. */
function declares(element: XmlElement, namespace: string): boolean {
  for (const key in element.attrs) if (element.attrs[key]!.toLowerCase().includes(namespace)) return true;
  return false;
}

/**
 * The format and version an XML document declares by its root element: `<rss version>`, the RDF
 * and Atom namespaces. `null` when the root is no feed's.
 */
export function xmlFeedFormat(root: XmlElement): FeedFormat | null {
  const local = localName(root.name);
  if (local === "rss") {
    const version = root.attrs.version?.trim() ?? "";
    return Object.hasOwn(RSS_VERSIONS, version) ? RSS_VERSIONS[version]! : /^2\./.test(version) ? "rss2.0" : "rss";
  }
  if (local === "rdf") return declares(root, "my.netscape.com/rdf/simple/0.9") ? "rss0.90" : "rss1.0";
  if (local === "feed") return declares(root, "purl.org/atom/ns#") || root.attrs.version?.trim() === "0.3" ? "atom0.3" : "atom1.0";
  if (local === "channel") return "rss";
  return null;
}
