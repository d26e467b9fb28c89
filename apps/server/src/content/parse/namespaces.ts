/**
 * XML namespaces the feed readers understand, by the prefix their elements get in the parsed tree
 * whatever prefix a document binds them to (`<a10:updated>` is `atom:updated`, `<r:channel>` in
 * UserLand's RSS namespace is `channel`). RSS's own vocabularies have no prefix.
 */
const KNOWN = new Map<string, string>(Object.entries({
  // RSS 0.9x/2.0 (no namespace, or UserLand's), RSS 1.0 and RSS 0.90 (Netscape's RDF).
  "": "",
  "purl.org/rss/1.0": "",
  "my.netscape.com/rdf/simple/0.9": "",
  "backend.userland.com/rss2": "",
  "backend.userland.com/rss": "",
  "blogs.law.harvard.edu/tech/rss": "",
  "www.w3.org/2005/atom": "atom",
  "purl.org/atom/ns": "atom",
  "www.w3.org/1999/02/22-rdf-syntax-ns": "rdf",
  "www.w3.org/xml/1998/namespace": "xml",
  "www.w3.org/1999/xhtml": "xhtml",
  "purl.org/dc/elements/1.1": "dc",
  "purl.org/dc/elements/1.0": "dc",
  "purl.org/dc/terms": "dcterms",
  "purl.org/rss/1.0/modules/content": "content",
  "search.yahoo.com/mrss": "media",
  "www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
  "www.google.com/schemas/play-podcasts/1.0": "googleplay",
  "podcastindex.org/namespace/1.0": "podcast",
  "www.youtube.com/xml/schemas/2015": "yt",
  "purl.org/syndication/thread/1.0": "thr",
  "wellformedweb.org/commentapi": "wfw",
  "purl.org/rss/1.0/modules/slash": "slash",
  "purl.org/rss/1.0/modules/syndication": "sy",
  "www.georss.org/georss": "georss",
}));

/**
 * A namespace name as compared here: case, scheme and a trailing `/` or `#` vary between
 * documents that mean the same namespace (`http://search.yahoo.com/mrss`, `…/DTDs/PodCast-1.0.dtd`).
 */
function comparable(uri: string): string {
  let text = uri.trim().toLowerCase();
  if (text.startsWith("http://")) text = text.slice(7);
  else if (text.startsWith("https://")) text = text.slice(8);
  const last = text.charCodeAt(text.length - 1);
  if (last === 0x2f /* / */ || last === 0x23 /* # */) text = text.slice(0, -1);
  return text;
}

const prefixes = new Map<string, string | null>();

/** The prefix of a known namespace ("" for RSS's own), or undefined for any other. */
export function knownPrefix(uri: string): string | undefined {
  let prefix = prefixes.get(uri);
  if (prefix === undefined) {
    prefix = KNOWN.get(comparable(uri)) ?? null;
    // Documents declare few namespaces: the cache stays small unless one is hostile.
    if (prefixes.size > 1000) prefixes.clear();
    prefixes.set(uri, prefix);
  }
  return prefix ?? undefined;
}
