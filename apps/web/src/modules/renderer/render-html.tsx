import { createElement, Fragment, type MouseEvent, type ReactNode } from "react";
import { CalloutBox } from "./callout-box.tsx";
import { takeCallout } from "./callout.ts";
import { CodeBlock } from "./code-block.tsx";
import { languageFromMarkup } from "./code-language.ts";
import { ALLOWED, commonProps, DROPPED, NO_TEXT, NO_WHITESPACE, RENAMED, tagProps, VOID } from "./dom-policy.ts";
import { Heading } from "./heading.tsx";
import { splitUrls } from "./linkify.ts";
import { buildEmbed, buildImage, buildPicture, buildPlayer, buildVideo } from "./render-media.tsx";
import { createSlugger } from "./slug.ts";
import type { RenderFlags, RenderOptions, RenderResult, RenderState } from "./types.ts";
import { isVideoUrl, resolveImageUrl, resolveWebUrl } from "./url.ts";

/**
 * Entry HTML to React elements. The HTML is parsed by the browser (`DOMParser`, an inert document:
 * nothing in it loads or runs) and walked node by node; only what the allow-list of dom-policy.ts
 * names is recreated, as React elements, so no markup string ever reaches the page and no
 * attribute is copied without being checked. No dangerouslySetInnerHTML anywhere.
 */

const HTML_NS = "http://www.w3.org/1999/xhtml";
const MATH_NS = "http://www.w3.org/1998/Math/MathML";
/** Deeper than this, the rest of a branch is shown as text (keeps hostile nesting from blowing the stack). */
const MAX_DEPTH = 256;
const LINK_REL = "noopener noreferrer nofollow";

const ROOT_FLAGS: RenderFlags = { inLink: false, inCode: false, text: "all", depth: 0 };

function renderChildren(parent: Node, state: RenderState, flags: RenderFlags): ReactNode[] {
  const out: ReactNode[] = [];
  for (const child of [...parent.childNodes]) {
    const rendered = renderNode(child, state, flags);
    if (rendered !== null && rendered !== undefined && rendered !== "") out.push(rendered);
  }
  return out;
}

function unwrap(element: Element, state: RenderState, flags: RenderFlags): ReactNode {
  const children = renderChildren(element, state, { ...flags, depth: flags.depth + 1 });
  return children.length ? createElement(Fragment, null, ...children) : null;
}

function link(url: string, state: RenderState, children: ReactNode[], title?: string): ReactNode {
  const { onLinkClick } = state.options;
  return createElement(
    "a",
    {
      href: url,
      target: "_blank",
      rel: LINK_REL,
      title,
      "data-entry-link": "",
      onClick: onLinkClick ? (event: MouseEvent<HTMLAnchorElement>) => onLinkClick(url, event) : undefined,
    },
    ...children,
  );
}

function renderText(text: string, state: RenderState, flags: RenderFlags): ReactNode {
  const blank = !text.trim();
  if (flags.text === "none" || (blank && flags.text === "nonBlank")) return null;
  if (!blank) state.visible += 1;
  if (flags.inLink || flags.inCode || !text.includes("://")) return text;
  const parts = splitUrls(text);
  if (parts.length === 1 && parts[0]!.kind === "text") return text;
  return createElement(Fragment, null, ...parts.map((part) => (part.kind === "text" ? part.text : link(part.text, state, [part.text]))));
}

/** Text of a `<pre>`, with `<br>` as line breaks (some feeds write code blocks that way). */
function preText(node: Node): string {
  let text = "";
  for (const child of node.childNodes) {
    if (child.nodeType === Node.TEXT_NODE) text += (child as Text).data;
    else if (child.nodeType === Node.ELEMENT_NODE) text += (child as Element).localName === "br" ? "\n" : preText(child);
  }
  return text;
}

function renderAnchor(element: Element, state: RenderState, flags: RenderFlags): ReactNode {
  const href = resolveWebUrl(element.getAttribute("href"), state.options.baseUrl);
  if (href && isVideoUrl(href) && !state.options.noMedia && !flags.inLink) {
    const poster = element.querySelector("img");
    return buildVideo(state, href, poster ? resolveImageUrl(poster.getAttribute("src"), state.options.baseUrl) : null);
  }
  if (!href || flags.inLink) return unwrap(element, state, flags);
  const children = renderChildren(element, state, { ...flags, inLink: true, text: "all", depth: flags.depth + 1 });
  return link(href, state, children, element.getAttribute("title") ?? undefined);
}

function renderPre(element: Element, state: RenderState): ReactNode {
  const meaningful = [...element.childNodes].filter((child) => child.nodeType === Node.ELEMENT_NODE || (child as Text).data?.trim());
  const code = meaningful.length === 1 && (meaningful[0] as Element).localName === "code" ? (meaningful[0] as Element) : null;
  const text = preText(element).replace(/\n$/, "");
  if (text.trim()) state.visible += 1;
  return createElement(CodeBlock, { code: text, language: languageFromMarkup(code, element), guess: state.options.guessLanguage ?? false });
}

function renderHeading(element: Element, state: RenderState, flags: RenderFlags, level: 1 | 2 | 3 | 4 | 5 | 6): ReactNode {
  const props = commonProps(element, element.localName, state.options.inlineStyle ?? false);
  const children = renderChildren(element, state, { ...flags, text: "all", depth: flags.depth + 1 });
  const text = element.textContent?.trim() ?? "";
  // A translated copy of a heading gets no anchor of its own: the original has it.
  if (!text || flags.inLink || "data-translation" in props) return createElement(`h${level}`, props, ...children);
  return createElement(Heading, { level, id: state.slug(text) }, ...children);
}

function renderElement(element: Element, state: RenderState, flags: RenderFlags): ReactNode {
  if (flags.depth > MAX_DEPTH) return renderText(element.textContent ?? "", state, { ...flags, inCode: true });
  if (element.namespaceURI !== HTML_NS) {
    // MathML keeps its text (formulas degrade to plain text); SVG and anything else are dropped.
    return element.namespaceURI === MATH_NS && !DROPPED.has(element.localName) ? unwrap(element, state, flags) : null;
  }
  const tag = element.localName;
  switch (tag) {
    case "a":
      return renderAnchor(element, state, flags);
    case "img":
      return buildImage(element, state);
    case "picture":
      return buildPicture(element, state);
    case "video":
    case "audio":
      return buildPlayer(element, state, tag);
    case "iframe":
      return buildEmbed(element, state);
    case "pre":
      return renderPre(element, state);
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return renderHeading(element, state, flags, Number(tag[1]) as 1 | 2 | 3 | 4 | 5 | 6);
  }
  if (DROPPED.has(tag)) return null;
  const name = RENAMED[tag] ?? (ALLOWED.has(tag) ? tag : null);
  if (!name) return unwrap(element, state, flags);
  const callout = takeCallout(element);
  const childFlags: RenderFlags = { ...flags, inCode: flags.inCode || tag === "code" || tag === "kbd" || tag === "samp", text: NO_TEXT.has(tag) ? "none" : NO_WHITESPACE.has(tag) ? "nonBlank" : "all", depth: flags.depth + 1 };
  const children = VOID.has(name) ? [] : renderChildren(element, state, childFlags);
  if (callout) return createElement(CalloutBox, { callout }, ...children);
  const props = { ...commonProps(element, tag, state.options.inlineStyle ?? false), ...tagProps(element, tag) };
  const rendered = createElement(name, props, ...children);
  // Wide tables scroll sideways inside the reader instead of widening it.
  return name === "table" ? createElement("div", { className: "entry-table" }, rendered) : rendered;
}

function renderNode(node: Node, state: RenderState, flags: RenderFlags): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return renderText((node as Text).data, state, flags);
  if (node.nodeType === Node.ELEMENT_NODE) return renderElement(node as Element, state, flags);
  return null; // comments, processing instructions, doctypes
}

/** Parses and renders entry HTML; also reports its images (for the gallery) and whether it is empty. */
export function renderContent(html: string | null | undefined, options: RenderOptions = {}): RenderResult {
  const state: RenderState = { options, images: [], visible: 0, slug: createSlugger() };
  if (!html?.trim()) return { content: null, images: [], empty: true };
  const document = new DOMParser().parseFromString(html, "text/html");
  const root = document.body ?? document.documentElement;
  const children = renderChildren(root, state, ROOT_FLAGS);
  return { content: children.length ? createElement(Fragment, null, ...children) : null, images: state.images, empty: state.visible === 0 };
}

/**
 * Entry HTML as React elements: the pure part of `<EntryContent>`, for callers that lay content
 * out themselves (cards, side panels) and for tests.
 */
export function renderHtml(html: string | null | undefined, options: RenderOptions = {}): ReactNode {
  return renderContent(html, options).content;
}
