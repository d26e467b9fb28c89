import { escapeHtml } from "./share-html.ts";
import { SHARE_CSS } from "./share-styles.ts";

/** The product's name, as link previews show it. */
export const SITE_NAME = "Tidings";

/** What a link preview (Open Graph, Twitter card) and a search engine read of a page. */
export interface PageMeta {
  /** The page title, without the site name. */
  title: string;
  description: string;
  /** The canonical absolute URL of the page. */
  url: string;
  /** The absolute URL of the generated 1200×630 picture, or null (the not-found page). */
  image: string | null;
  imageAlt?: string;
  type: "article" | "website" | "profile";
  /** More `<meta property=… content=…>` pairs (article:published_time, profile:username). */
  extra?: [property: string, content: string][];
  /** Not for search engines (the not-found page). */
  noindex?: boolean;
}

/** The size every generated picture has: what link previews expect for a large card. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;

/** The <head> additions of a share page: title, description, canonical link, OG and Twitter tags, the page's style. */
export function headTags(meta: PageMeta): string {
  const title = meta.title ? `${meta.title} · ${SITE_NAME}` : SITE_NAME;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    named("description", meta.description),
    meta.noindex ? named("robots", "noindex") : `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    property("og:site_name", SITE_NAME),
    property("og:type", meta.type),
    property("og:title", meta.title || SITE_NAME),
    property("og:description", meta.description),
    property("og:url", meta.url),
    named("twitter:card", meta.image ? "summary_large_image" : "summary"),
    named("twitter:title", meta.title || SITE_NAME),
    named("twitter:description", meta.description),
  ];
  if (meta.image) {
    tags.push(
      property("og:image", meta.image),
      property("og:image:type", "image/png"),
      property("og:image:width", String(OG_WIDTH)),
      property("og:image:height", String(OG_HEIGHT)),
      property("og:image:alt", meta.imageAlt ?? meta.title),
      named("twitter:image", meta.image),
      named("twitter:image:alt", meta.imageAlt ?? meta.title),
    );
  }
  for (const [name, content] of meta.extra ?? []) tags.push(property(name, content));
  tags.push(`<style>${SHARE_CSS}</style>`);
  return tags.map((tag) => `    ${tag}\n`).join("");
}
