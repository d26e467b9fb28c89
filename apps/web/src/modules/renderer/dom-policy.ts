import type { CSSProperties } from "react";
import { filterStyle, parsePixels } from "./style-filter.ts";

/**
 * The allow-list of entry markup. Entry HTML is sanitised by the server, but the reader treats it
 * as hostile anyway (defence in depth): an element is rendered only if it is listed here, with only
 * the attributes read below. Elements on neither list are unwrapped (their children kept), so an
 * unknown tag never loses the text inside it.
 */

/** Plain elements rendered as themselves (links, media, code, headings and callouts are special). */
export const ALLOWED = new Set([
  "p", "div", "span", "section", "article", "aside", "header", "footer", "address", "hgroup",
  "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "hr", "br", "wbr",
  "figure", "figcaption", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col",
  "details", "summary", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd",
  "mark", "q", "s", "samp", "small", "strong", "sub", "sup", "time", "u", "var", "ruby", "rt", "rp",
]);

/** Legacy or landmark elements rendered as a harmless equivalent. */
export const RENAMED: Record<string, string> = { main: "div", nav: "div", center: "div", strike: "s", tt: "code", font: "span" };

/**
 * Elements dropped with everything inside them: active content, forms, document metadata. Media
 * elements are listed too: only their own builders (which check every URL) may render them.
 */
export const DROPPED = new Set([
  "script", "style", "object", "embed", "applet", "param", "form", "input", "button", "select", "option", "optgroup",
  "textarea", "datalist", "output", "base", "meta", "link", "noscript", "template", "svg", "frame", "frameset",
  "noframes", "noembed", "title", "head", "canvas", "area", "track", "source", "portal", "slot", "annotation-xml",
  "annotation", "iframe", "video", "audio", "img", "picture", "image", "xml", "dialog",
]);

/** Elements that take no children in React. */
export const VOID = new Set(["br", "hr", "wbr", "col", "img", "source"]);

/** Table structure: text directly inside is invalid DOM (browsers move it out of the table); dropped. */
export const NO_TEXT = new Set(["table", "thead", "tbody", "tfoot", "tr", "colgroup"]);

/** Containers whose whitespace-only text children are layout noise. */
export const NO_WHITESPACE = new Set(["ul", "ol", "dl"]);

const DIRECTIONS = new Set(["ltr", "rtl", "auto"]);
const ALIGNMENTS = new Set(["left", "right", "center", "justify"]);
const LIST_TYPES = new Set(["1", "a", "A", "i", "I"]);

type Props = Record<string, unknown>;

function integer(value: string | null, min: number, max: number): number | undefined {
  if (value == null || !/^\s*-?\d+\s*$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** The attributes every allowed element may keep: title, lang, dir, the translation marker and, if enabled, safe styles. */
export function commonProps(element: Element, tag: string, inlineStyle: boolean): Props {
  const props: Props = {};
  const title = element.getAttribute("title");
  if (title) props.title = title;
  const lang = element.getAttribute("lang");
  if (lang && /^[a-z]{1,8}(?:-[a-z0-9]{1,8})*$/i.test(lang)) props.lang = lang;
  const dir = element.getAttribute("dir")?.toLowerCase();
  if (dir && DIRECTIONS.has(dir)) props.dir = dir;
  // A block added by AI translation after the block it translates ("immersive" mode): a marker, no value kept.
  if (element.hasAttribute("data-translation")) props["data-translation"] = "";
  let style: CSSProperties | null = inlineStyle ? filterStyle(element.getAttribute("style"), tag) : null;
  if (inlineStyle && tag === "font") {
    const color = element.getAttribute("color");
    const fontColor = color ? filterStyle(`color: ${color}`, tag) : null;
    if (fontColor) style = { ...fontColor, ...style };
  }
  const align = element.getAttribute("align")?.toLowerCase();
  if (align && ALIGNMENTS.has(align) && (tag === "td" || tag === "th" || tag === "p" || tag === "div" || tag === "center")) {
    style = { textAlign: align as CSSProperties["textAlign"], ...style };
  }
  if (tag === "center") style = { textAlign: "center", ...style };
  if (style) props.style = style;
  return props;
}

/** Attributes specific to one element (table spans, list numbering, dates, details state). */
export function tagProps(element: Element, tag: string): Props {
  const props: Props = {};
  const get = (name: string) => element.getAttribute(name);
  switch (tag) {
    case "td":
    case "th": {
      const colSpan = integer(get("colspan"), 1, 1000);
      const rowSpan = integer(get("rowspan"), 0, 65534);
      if (colSpan !== undefined) props.colSpan = colSpan;
      if (rowSpan !== undefined) props.rowSpan = rowSpan;
      const scope = get("scope");
      if (tag === "th" && scope && /^(?:row|col|rowgroup|colgroup)$/.test(scope)) props.scope = scope;
      break;
    }
    case "col":
    case "colgroup": {
      const span = integer(get("span"), 1, 1000);
      if (span !== undefined) props.span = span;
      break;
    }
    case "ol": {
      const start = integer(get("start"), -1e9, 1e9);
      if (start !== undefined) props.start = start;
      if (element.hasAttribute("reversed")) props.reversed = true;
      const type = get("type");
      if (type && LIST_TYPES.has(type)) props.type = type;
      break;
    }
    case "li": {
      const value = integer(get("value"), -1e9, 1e9);
      if (value !== undefined) props.value = value;
      break;
    }
    case "time": {
      const dateTime = get("datetime");
      if (dateTime && dateTime.length < 64) props.dateTime = dateTime;
      break;
    }
    case "data": {
      const value = get("value");
      if (value && value.length < 256) props.value = value;
      break;
    }
    case "details":
      if (element.hasAttribute("open")) props.open = true;
      break;
  }
  return props;
}

/** Width and height in pixels from attributes (or style), for media that should not jump. */
export function mediaSize(element: Element): { width?: number; height?: number } {
  const style = element.getAttribute("style") ?? "";
  const fromStyle = (name: string) => parsePixels(new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, "i").exec(style)?.[1]);
  const width = parsePixels(element.getAttribute("width")) ?? fromStyle("width");
  const height = parsePixels(element.getAttribute("height")) ?? fromStyle("height");
  return { ...(width !== null ? { width } : {}), ...(height !== null ? { height } : {}) };
}
