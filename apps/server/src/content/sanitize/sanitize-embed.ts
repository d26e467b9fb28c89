// Iframe rule of the entry sanitiser: only embeds of a few video and audio players survive,
// always over https, sandboxed and lazy. Every other iframe is removed with its content.

import { drop, type Attribs, type TransformedTag } from "./sanitize-media.ts";
import { cleanUrl } from "./sanitize-url.ts";

interface EmbedHost {
  hosts: readonly string[];
  /** Paths of the host that are embeddable players (the rest of the site is not). */
  path: RegExp;
  /** Host to load the player from instead, when a more private one exists. */
  rewriteHost?: string;
}

const EMBED_HOSTS: readonly EmbedHost[] = [
  {
    hosts: ["www.youtube.com", "youtube.com", "m.youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com"],
    path: /^\/embed\/[\w-]+\/?$/,
    // Same player without the tracking cookies until the reader presses play.
    rewriteHost: "www.youtube-nocookie.com",
  },
  { hosts: ["player.vimeo.com"], path: /^\/video\/\d+\/?$/ },
  { hosts: ["player.bilibili.com"], path: /^\/player\.html$/ },
  { hosts: ["www.dailymotion.com"], path: /^\/embed\// },
  { hosts: ["w.soundcloud.com"], path: /^\/player\/?$/ },
  { hosts: ["open.spotify.com"], path: /^\/embed\// },
  { hosts: ["embed.music.apple.com"], path: /^\// },
];

// The players need scripts and their own origin; the sandbox still blocks top navigation,
// forms and downloads. They are cross-origin, so allow-same-origin grants them nothing of ours.
const SANDBOX = "allow-scripts allow-same-origin allow-popups allow-presentation";
const DIMENSION = /^\d{1,5}(?:%|px)?$/;

/**
 * The https URL to embed for an iframe src, or null when it is not a player on an allow-listed
 * host. http and protocol-relative sources are upgraded: every listed host serves https.
 */
export function embedUrl(raw: string, base: URL | null): string | null {
  const clean = cleanUrl(raw, "link", base);
  const url = clean === null ? null : URL.parse(clean);
  if (!url || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const embed = EMBED_HOSTS.find((e) => e.hosts.includes(host));
  if (!embed || !embed.path.test(url.pathname)) return null;
  url.protocol = "https:";
  if (embed.rewriteHost) url.hostname = embed.rewriteHost;
  return url.href;
}

/**
 * <iframe>: an allow-listed player gets a fresh set of attributes (sandbox, lazy loading,
 * fullscreen, a referrer policy that sends only our origin) and loses its fallback content;
 * anything else is removed.
 */
export function transformIframe(attribs: Attribs, base: URL | null): TransformedTag {
  const src = attribs.src === undefined ? null : embedUrl(attribs.src, base);
  if (src === null) return drop("iframe");
  const out: Attribs = {
    src,
    sandbox: SANDBOX,
    loading: "lazy",
    allowfullscreen: "",
    referrerpolicy: "strict-origin-when-cross-origin",
  };
  for (const name of ["width", "height"]) {
    const value = attribs[name]?.trim();
    if (value && DIMENSION.test(value)) out[name] = value;
  }
  if (attribs.title) out.title = attribs.title;
  // Its content (fallback for browsers without frames) is never written: see sanitize-writer.ts.
  return { tagName: "iframe", attribs: out };
}
