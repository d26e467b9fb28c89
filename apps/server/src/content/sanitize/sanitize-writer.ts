// The streaming core of the entry sanitiser: one htmlparser2 pass whose callbacks write the
// sanitised HTML as they go, and collect its plain text on request. No tree is built: a stack of
// one small code per open element says what its end tag has to write. Text is always escaped
// and only allowed elements and attributes are written, so nothing of the input's markup
// reaches the output unchecked; what is written is balanced because htmlparser2 reports an end
// for every element it opens (unclosed ones at the end of the input, void ones at once) and
// only elements that were written get an end tag.
//
// The parser is htmlparser2 10, while sanitize-html, which this replaces, read the input with
// htmlparser2 12. The few places where 12 agrees with browsers and 10 does not are taken care
// of here, so that the output stays what it was: see RAW_TEXT, IMPLIED_CLOSE and "image".

import { Parser } from "htmlparser2";
import { NESTING_LIMIT, TooDeeplyNested, WordTextCollector } from "../html-text.ts";
import { writeAttributes } from "./sanitize-attributes.ts";
import type { Attribs } from "./sanitize-media.ts";
import { ALLOWED_TAGS, DROP_WITH_CONTENT, SELF_CLOSING } from "./sanitize-policy.ts";
import { TRANSFORMS } from "./sanitize-transforms.ts";

/** What one sanitising pass gives: the HTML, and its text for the search index when asked for. */
export interface SanitizedHtml {
  html: string;
  /** The words of the HTML's text (WordTextCollector): whitespace as it came, blocks apart. */
  text: string;
}

const ALLOWED: ReadonlySet<string> = new Set(ALLOWED_TAGS);
const DROPPED: ReadonlySet<string> = new Set(DROP_WITH_CONTENT);
const VOID: ReadonlySet<string> = new Set(SELF_CLOSING);

// What the end of an open element writes (low bits of its code).
const UNWRAPPED = 0; // nothing: its tag was not written (its content may have been)
const WRITTEN = 1; // its end tag
const WRITTEN_VOID = 2; // nothing: written as `<tag />`
const DROPPED_CONTENT = 3; // nothing, and its content was not written either
const GONE = 4; // nothing: closed already (see IMPLIED_CLOSE), or an <image> written as <img />
const KIND = 7;
// The element opened a foreign-content context (or an HTML island in one): its end closes it.
const CONTEXT = 8;

/**
 * Elements whose content browsers read as raw text up to their end tag (with scripting on, as in
 * the reader, <noscript> too), but htmlparser2 10 parses as markup. All of them are removed with
 * their content, and the content is what a browser would take for it: writing resumes after the
 * first `</name` only, even when htmlparser2 closes the element earlier (an ancestor's end tag
 * inside), like sanitize-html did for <noscript>. A kept <iframe> is written empty. In SVG and
 * MathML they are ordinary elements (to htmlparser2 12 and browsers alike): only removed.
 */
const RAW_TEXT = new Map(["iframe", "noembed", "noframes", "noscript"].map((tag) => [tag, new RegExp(`</${tag}[\\t\\n\\f\\r />]`, "gi")]));

// Start tags that end the innermost open element when it is one of the listed ones: the table
// of htmlparser2 12, which adds <a> ending <a> and a heading ending a heading (10 nests them,
// browsers end them). 10 applies its own smaller table; this one is applied on top, to the
// elements 12 would have open, that is without those closed here already (GONE).
const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const P = ["p"];
const IMPLIED_CLOSE = new Map<string, ReadonlySet<string>>([
  ["a", new Set(["a"])],
  ...HEADINGS.map((h) => [h, new Set([...HEADINGS, ...P])] as const),
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["li", new Set(["li"])],
  ["p", new Set(P)],
  ["dd", new Set(["dd", "dt"])],
  ["dt", new Set(["dd", "dt"])],
  ["rt", new Set(["rt", "rp"])],
  ["rp", new Set(["rt", "rp"])],
  ["tbody", new Set(["thead", "tbody"])],
  ["tfoot", new Set(["thead", "tbody"])],
  ...["address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure", "footer", "form",
    "header", "hr", "main", "nav", "ol", "pre", "section", "table", "ul"].map((tag) => [tag, new Set(P)] as const),
]);

// Foreign content (SVG, MathML) and the HTML islands in it. Only the context matters here: an
// <image> in it is SVG's, and CDATA sections in it are text.
const CONTEXTS = new Map<string, boolean>([
  ["svg", true], ["math", true],
  ...["mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignobject", "desc", "title"].map((tag) => [tag, false] as const),
]);

const TEXT_SPECIAL = /[&<>]/;
const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const escapeText = (text: string): string => (TEXT_SPECIAL.test(text) ? text.replace(/[&<>]/g, (c) => TEXT_ESCAPES[c] ?? c) : text);

/**
 * One sanitising pass over `source`. Throws TooDeeplyNested past NESTING_LIMIT; the caller
 * decides what to do then.
 */
export function sanitizeStream(source: string, base: URL | null, withText: boolean): SanitizedHtml {
  const writer = new SanitizeWriter(source, base, withText);
  writer.parser.write(source);
  writer.parser.end();
  return { html: writer.html, text: writer.text?.toString() ?? "" };
}

/** The parser callbacks (htmlparser2 calls them as methods of this object) and their state. */
class SanitizeWriter {
  readonly parser: Parser;
  html = "";
  /** The text of what is written, for the search index, when asked for. */
  readonly text: WordTextCollector | null;
  private readonly source: string;
  private readonly base: URL | null;
  // One entry per element open in htmlparser2: the name written (or read) and its code.
  private readonly names: string[] = [];
  private readonly codes: number[] = [];
  /** Foreign-content contexts, innermost last: true in SVG/MathML, false in an HTML island. */
  private readonly foreign: boolean[] = [false];
  /** How many open elements are dropped with their content (each one inside the first). */
  private dropped = 0;
  /** Where the raw text of a RAW_TEXT element ends for a browser; -1 outside one. */
  private rawTextEnd = -1;

  constructor(source: string, base: URL | null, withText: boolean) {
    this.source = source;
    this.base = base;
    this.text = withText ? new WordTextCollector() : null;
    this.parser = new Parser(this, { decodeEntities: true });
  }

  /** True while input is being discarded: inside a dropped element or a browser's raw text. */
  private skipping(): boolean {
    if (this.dropped > 0) return true;
    if (this.rawTextEnd < 0) return false;
    if (this.parser.startIndex < this.rawTextEnd) return true;
    this.rawTextEnd = -1;
    return false;
  }

  onopentag(name: string, attribs: Attribs): void {
    // htmlparser2 keeps its open elements with Array#unshift: see NESTING_LIMIT.
    if (this.codes.length >= NESTING_LIMIT) throw new TooDeeplyNested();
    const inForeign = this.foreign[this.foreign.length - 1] === true;
    const context = CONTEXTS.get(name);
    let code = UNWRAPPED;
    if (context !== undefined) {
      this.foreign.push(context);
      code = CONTEXT;
    }
    if (this.skipping()) {
      // Counted when inside a dropped element, so that its end is known; raw text alone is not.
      if (this.dropped > 0) {
        this.dropped++;
        code |= DROPPED_CONTENT;
      }
      this.push(name, code);
      return;
    }
    if (this.isBogusEndTag()) {
      this.push(name, code);
      return;
    }
    this.closeImplied(name);
    if (name === "image" && !inForeign) {
      // htmlparser2 12 and browsers read an HTML <image> as <img>, a void element: 10 does not,
      // so its end (and whatever htmlparser2 puts inside) writes nothing more.
      this.start("img", attribs, false);
      this.push("img", code | GONE);
    } else {
      this.push(name, code | this.start(name, attribs, inForeign));
    }
  }

  /**
   * True for the <p> or <br> htmlparser2 makes of a stray `</ p>` or `</ br>`: a space after `</`
   * makes a comment of it to htmlparser2 12 and browsers. (A start tag always has its name
   * right after the `<`; only the elements made of an end tag start with `</`.)
   */
  private isBogusEndTag(): boolean {
    const at = this.parser.startIndex;
    return this.source.charCodeAt(at + 1) === 47 /* / */ && /[\t\n\f\r ]/.test(this.source.charAt(at + 2));
  }

  /** Writes the start of an element (or not) and returns what its end has to do. */
  private start(tag: string, attribs: Attribs, inForeign: boolean): number {
    const rawText = RAW_TEXT.get(tag);
    // In SVG and MathML these are ordinary elements, whose end htmlparser2 finds.
    if (rawText && !inForeign) {
      rawText.lastIndex = this.parser.endIndex + 1;
      this.rawTextEnd = rawText.exec(this.source)?.index ?? Number.POSITIVE_INFINITY;
    }
    if (DROPPED.has(tag)) return this.drop();
    if (!ALLOWED.has(tag)) return UNWRAPPED;
    let kept = attribs;
    const transform = TRANSFORMS.get(tag);
    if (transform) {
      const transformed = transform(tag, attribs, this.base);
      if (transformed.dropped) return rawText ? this.drop() : GONE;
      kept = transformed.attribs;
    }
    const isVoid = VOID.has(tag);
    this.html += `<${tag}${writeAttributes(tag, kept)}${isVoid ? " />" : ">"}`;
    this.boundary(tag);
    if (rawText) {
      // The content of a kept iframe (fallback for browsers without frames) is never shown:
      // writing none keeps raw text and markup out.
      this.html += `</${tag}>`;
      return this.drop();
    }
    return isVoid ? WRITTEN_VOID : WRITTEN;
  }

  private drop(): number {
    this.dropped++;
    return DROPPED_CONTENT;
  }

  /** Ends the written elements that the start tag `name` ends in htmlparser2 12 but not in 10. */
  private closeImplied(name: string): void {
    const ends = IMPLIED_CLOSE.get(name);
    if (!ends) return;
    for (let i = this.codes.length - 1; i >= 0; i--) {
      const code = this.codes[i] ?? 0;
      if ((code & KIND) === GONE) continue;
      const open = this.names[i] ?? "";
      if ((code & KIND) !== WRITTEN || !ends.has(open)) return;
      this.end(open);
      this.codes[i] = (code & CONTEXT) | GONE;
    }
  }

  ontext(text: string): void {
    if (this.skipping()) return;
    this.html += escapeText(text);
    this.text?.add(text);
  }

  oncomment(data: string): void {
    // htmlparser2 12 (and browsers) read a CDATA section in SVG or MathML as text; 10 as a comment.
    if (this.foreign[this.foreign.length - 1] !== true || !data.startsWith("[CDATA[") || !data.endsWith("]]")) return;
    if (this.source.startsWith("<![CDATA[", this.parser.startIndex)) this.ontext(data.slice(7, -2));
  }

  onclosetag(): void {
    const code = this.codes.pop() ?? 0;
    const tag = this.names.pop() ?? "";
    if (code & CONTEXT) this.foreign.pop();
    switch (code & KIND) {
      case WRITTEN:
        this.end(tag);
        break;
      case WRITTEN_VOID:
        this.boundary(tag);
        break;
      case DROPPED_CONTENT:
        this.dropped--;
        break;
    }
  }

  private push(name: string, code: number): void {
    this.names.push(name);
    this.codes.push(code);
  }

  private end(tag: string): void {
    this.html += `</${tag}>`;
    this.boundary(tag);
  }

  /** Where a written element starts or ends: its text may start or end a line there. */
  private boundary(tag: string): void {
    this.text?.boundary(tag);
  }
}
