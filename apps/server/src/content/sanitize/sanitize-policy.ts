// The static allow-lists of the entry sanitiser: which elements, attributes, classes and CSS
// declarations survive. Everything not listed here is removed; see sanitize.ts for how.

/** Elements kept (with their allowed attributes). Anything else is unwrapped or dropped. */
export const ALLOWED_TAGS: readonly string[] = [
  "p", "a", "br", "li", "em", "strong", "b", "i", "span", "div", "img", "code", "pre", "blockquote",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "figure", "figcaption", "picture", "source",
  "td", "tr", "th", "table", "thead", "tbody", "tfoot", "caption", "colgroup", "col",
  "u", "s", "strike", "del", "ins", "sub", "sup", "small", "mark", "abbr", "cite", "q", "kbd", "samp",
  "var", "time", "ruby", "rt", "rp", "wbr", "center", "hr", "dl", "dt", "dd",
  "section", "article", "header", "footer", "aside", "details", "summary",
  // iframes only survive the host allow-list of sanitize-embed.ts
  "video", "audio", "track", "iframe",
];

/**
 * Elements removed together with everything inside them. The others that are not allowed
 * (html, body, font, svg, math, unknown tags…) are unwrapped: their text stays, their tag goes.
 *
 * - Active or raw-text content: script, style, template, xmp, noembed, noframes and noscript:
 *   the reader runs with scripting on, so a browser would not render noscript either, and
 *   lazy-loading markup (its usual content) is repaired on the <img> itself. (Iframes are
 *   allowed elements: the refused ones are dropped by the iframe transform.)
 * - Plugins, frames and document metadata: object, embed, applet, frame, frameset, head,
 *   title, base, meta, link.
 * - Forms and their controls, which have no place in an article and can phish.
 * - SVG/MathML parts that are never rendered as text: desc, metadata, annotation(-xml). The
 *   rest of an <svg>/<math> is unwrapped so that its text (a formula, a label) stays readable.
 */
export const DROP_WITH_CONTENT: readonly string[] = [
  "script", "style", "template", "xmp", "noembed", "noframes", "noscript",
  "object", "embed", "applet", "param", "frame", "frameset", "head", "title", "base", "meta", "link",
  "form", "input", "button", "select", "option", "optgroup", "datalist", "textarea", "output",
  "desc", "metadata", "annotation", "annotation-xml",
];

/** Elements written as `<tag />`, never with an end tag (all of them are void in HTML). */
export const SELF_CLOSING: readonly string[] = ["img", "br", "hr", "col", "wbr", "source", "track"];

const MEDIA_COMMON = ["src", "controls", "preload", "loop", "muted", "width", "height"];

/**
 * Attributes kept per element ("*" applies to every element). Deliberately absent: id and name
 * (DOM clobbering), every on* handler, data-* (but data-translation, the inert mark of a translated
 * paragraph in an immersive translation, see features/ai/translate-html.ts), class (except code highlighting, see
 * {@link ALLOWED_CLASSES}). `media` on <source> and `span` on <col>/<colgroup> are inert
 * additions that picture art direction and table layout need.
 */
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  "*": ["title", "lang", "dir", "style", "data-translation"],
  a: ["href", "rel", "target"],
  img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
  source: ["src", "srcset", "sizes", "type", "media"],
  video: [...MEDIA_COMMON, "poster", "playsinline"],
  audio: MEDIA_COMMON,
  track: ["src", "kind", "label", "srclang", "default"],
  iframe: ["src", "width", "height", "sandbox", "loading", "allowfullscreen", "referrerpolicy"],
  td: ["colspan", "rowspan", "headers"],
  th: ["colspan", "rowspan", "headers", "scope"],
  col: ["span"],
  colgroup: ["span"],
  ol: ["start", "reversed", "type"],
  time: ["datetime"],
  del: ["datetime", "cite"],
  ins: ["datetime", "cite"],
  q: ["cite"],
  blockquote: ["cite"],
  details: ["open"],
};

/** Only code-highlighting classes survive, so that a highlighter in the reader can use them. */
export const ALLOWED_CLASSES: Record<string, string[]> = {
  pre: ["language-*", "lang-*"],
  code: ["language-*", "lang-*"],
};

// Each value pattern only admits keywords, numbers and colour functions: no `url(`,
// `expression(`, `javascript:`, backslash escapes or comments can match.
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]+|(?:rgba?|hsla?)\([\w\s.,%/+-]*\))$/i;
const DECORATION_WORD = "(?:none|underline|overline|line-through|solid|double|dotted|dashed|wavy)";

/** CSS declarations a `style` attribute may keep; everything else in it is removed. */
export const ALLOWED_STYLES: Record<string, Record<string, RegExp[]>> = {
  "*": {
    color: [COLOR],
    "background-color": [COLOR],
    "text-align": [/^(?:left|right|center|justify|start|end)$/i],
    "font-weight": [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
    "font-style": [/^(?:normal|italic|oblique)$/i],
    "text-decoration": [new RegExp(`^${DECORATION_WORD}(?:\\s+${DECORATION_WORD})*$`, "i")],
    "vertical-align": [/^(?:baseline|sub|super|top|text-top|middle|bottom|text-bottom|-?\d+(?:\.\d+)?(?:px|em|rem|%)?)$/i],
  },
};
