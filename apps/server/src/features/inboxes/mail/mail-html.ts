// The HTML steps of turning an e-mail into an entry that only mail needs, run before the entry
// sanitiser (which stays the one safety net): `cid:` links pointed at the stored parts, open-
// tracking images taken out, a text-only message made into paragraphs.

import { Parser } from "htmlparser2";
import { escapeHtml } from "../../../content/parse/entry-common.ts";

/**
 * Image URLs that only report that a message was opened, by sending service. Real pictures of
 * these services live elsewhere (their CDNs), so the patterns name tracking endpoints only.
 */
const OPEN_TRACKERS: readonly RegExp[] = [
  /\/track\/open(?:\.php)?\b/i, // Mailchimp (list-manage.com/track/open.php), Mailjet, many others
  /\/wf\/open\?/i, // SendGrid
  /^https?:\/\/[^/]*awstrack\.me\/I0\//i, // Amazon SES
  /^https?:\/\/email\.[^/]+\/o\//i, // Mailgun tracking domains (Substack, Buttondown…)
  /^https?:\/\/[^/]*pstmrk\.it\/open/i, // Postmark
  /^https?:\/\/open\.[^/]*convertkit-mail\d*\.com\//i, // Kit (ConvertKit)
  /^https?:\/\/[^/]*(?:mailtrack\.io|mailstat\.us|sidekickopen\d*\.com|mailfoogae\.appspot\.com)\//i, // personal trackers
  /\/e\/o\/[\w-]{20,}/i, // Customer.io
  /\/(?:open|pixel|beacon|tracking-pixel|open-tracking)\.(?:gif|png|php|aspx?)(?:[?#]|$)/i, // generic
];

/** A `width`/`height` of at most one pixel ("0", "1", "1px"). */
const PIXEL_SIZE = /^\s*0*(?:\.\d+|[01](?:\.0*)?)\s*(?:px)?\s*$/i;
/** Inline styles that make an image invisible or a pixel. */
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0*)?\s*(?:;|!|$)|(?:max-)?(?:width|height)\s*:\s*0*(?:\.\d+|[01](?:\.0*)?)\s*(?:px)?\s*(?:;|!|$))/i;

/** True for an image that only tells the sender the message was opened. */
export function isTrackingImage(attribs: Record<string, string>): boolean {
  if ((attribs.width !== undefined && PIXEL_SIZE.test(attribs.width)) || (attribs.height !== undefined && PIXEL_SIZE.test(attribs.height))) return true;
  if (attribs.style && HIDDEN_STYLE.test(attribs.style)) return true;
  const src = attribs.src?.trim() ?? "";
  return OPEN_TRACKERS.some((pattern) => pattern.test(src));
}

/** `html` without its tracking images (see {@link isTrackingImage}); the rest as it was, byte for byte. */
export function removeTrackingImages(html: string): string {
  const cuts: [number, number][] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "img" && isTrackingImage(attribs)) cuts.push([parser.startIndex, parser.endIndex + 1]);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (cuts.length === 0) return html;
  let out = "";
  let at = 0;
  for (const [start, end] of cuts) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}

/**
 * Points `cid:` links (RFC 2392: the Content-ID, percent-encoded) at the URLs `urlOf` gives;
 * a link to no known part stays as it is, for the sanitiser to drop. Answers the parts linked.
 */
export function resolveCids(html: string, urlOf: (contentId: string) => string | null): { html: string; used: Set<string> } {
  const used = new Set<string>();
  const resolved = html.replace(/\bcid:([^'"\s>]{1,256})/gi, (match, raw: string) => {
    let contentId = raw;
    try {
      contentId = decodeURIComponent(raw);
    } catch {
      // not percent-encoded after all: the raw value is the id
    }
    const url = urlOf(contentId);
    if (!url) return match;
    used.add(contentId);
    return url;
  });
  return { html: resolved, used };
}

// An http(s) URL in plain text, without the punctuation that usually follows one in a sentence.
const TEXT_URL = /\bhttps?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]}'*]/gi;

/** Plain text as HTML: escaped, paragraphs at blank lines, line breaks kept, http(s) URLs linked. */
export function mailTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => `<p>${linkify(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

function linkify(text: string): string {
  let out = "";
  let at = 0;
  for (const match of text.matchAll(TEXT_URL)) {
    const url = escapeHtml(match[0]);
    out += `${escapeHtml(text.slice(at, match.index))}<a href="${url}">${url}</a>`;
    at = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(at));
}
