import { Parser } from "htmlparser2";

export interface AlternateLink {
  href: string;
  title: string | null;
}

const FEED_TYPES = /^(application\/(rss|atom|feed|rdf)\+(xml|json)|application\/(json|xml)|text\/xml)$/i;

/**
 * The feeds an HTML page announces (`<link rel="alternate" type="application/rss+xml">` and
 * friends), with their titles, resolved against the page's `<base>` or its URL.
 */
export function alternateFeedLinks(html: string, pageUrl: string): AlternateLink[] {
  const links: AlternateLink[] = [];
  let base = pageUrl;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === "base" && attributes.href) {
          try {
            base = new URL(attributes.href, pageUrl).href;
          } catch {
            // a broken <base> is ignored
          }
        }
        if (name === "body") done = true;
        if (name !== "link" || !attributes.href) return;
        const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
        const type = (attributes.type ?? "").trim();
        if (!rel.includes("alternate") || !FEED_TYPES.test(type)) return;
        try {
          const href = new URL(attributes.href, base).href;
          if (!links.some((link) => link.href === href)) links.push({ href, title: attributes.title?.trim() || null });
        } catch {
          // unusable href
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html.slice(0, 512 * 1024));
  parser.end();
  return links;
}
