import type { FeedView } from "@tidings/contracts";
import { type Opml, parseOpml } from "feedsmith";
import { decodeDocument } from "../../content/decode/decode.ts";
import { categoryOfAttribute, categoryOfFolders, viewOfFolderName } from "./opml-names.ts";

/** One outline of an imported file that stands for a feed. */
export interface OpmlItem {
  /** The feed address as written (`xmlUrl`), or null when the outline has none. */
  url: string | null;
  /** The outline's title (or text); null when it has none or it only repeats the address. */
  title: string | null;
  /** The outline's `htmlUrl`. */
  siteUrl: string | null;
  /** The category: the outline's `category` attribute, else its folders (see categoryOfFolders). */
  category: string | null;
  /** The view named by the file's top-level view folder (an export by view), else null. */
  view: FeedView | null;
}

type Outline = Opml.Outline<string>;

/** A document type declaration with its internal subset: its entities are never expanded. */
const DOCTYPE = /<!DOCTYPE[^[>]*(?:\[[\s\S]*?\]\s*)?>/i;
/** Outline types that promise a feed even when the address is missing. */
const FEED_TYPES = /^(rss|atom|feed|rdf|json)$/i;

const isFolder = (outline: Outline) => !outline.xmlUrl && (outline.outlines?.length ?? 0) > 0;
const nameOf = (outline: Outline) => outline.title ?? outline.text ?? "";

/**
 * The view of each top-level folder when the file is an export by view: every top-level outline is
 * a folder named like a view. A file from another reader with one "Videos" folder among others (or
 * with feeds at the top) keeps its folders as categories.
 */
function viewFolders(top: Outline[]): (FeedView | null)[] | null {
  const views = top.map((outline) => (isFolder(outline) ? viewOfFolderName(nameOf(outline)) : null));
  return views.length > 0 && views.every((view) => view !== null) ? views : null;
}

function itemOf(outline: Outline, folders: string[], view: FeedView | null): OpmlItem | null {
  const url = outline.xmlUrl ?? (FEED_TYPES.test(outline.type ?? "") ? (outline.url ?? null) : null);
  if (!url && (isFolder(outline) || !FEED_TYPES.test(outline.type ?? ""))) return null;
  const title = outline.title ?? outline.text ?? null;
  return {
    url,
    title: title && title !== url ? title : null,
    siteUrl: outline.htmlUrl && /^https?:\/\//i.test(outline.htmlUrl) ? outline.htmlUrl : null,
    category: categoryOfAttribute(outline.category) ?? categoryOfFolders(folders),
    view,
  };
}

/**
 * Every feed outline of an OPML document, at any depth, in document order; null when the bytes
 * are not an OPML document. Outlines without an address that still say they are feeds (type
 * "rss") are items with `url: null`, so the caller can report them; empty folders and notes are
 * skipped. The walk uses its own stack: a hostile file may nest outlines very deeply.
 */
export function readOpml(bytes: Uint8Array): OpmlItem[] | null {
  const text = decodeDocument(bytes).text.replace(DOCTYPE, "");
  let document: Opml.Document<string>;
  try {
    document = parseOpml(text);
  } catch {
    return null;
  }
  const top = document.body?.outlines ?? [];
  const views = viewFolders(top);
  const items: OpmlItem[] = [];
  const stack: { outline: Outline; folders: string[]; view: FeedView | null }[] = [];
  for (let i = top.length - 1; i >= 0; i--) {
    const view = views?.[i] ?? null;
    // A view folder gives its view to what it holds; it is no category.
    if (view !== null) pushChildren(stack, top[i]!, [], view);
    else stack.push({ outline: top[i]!, folders: [], view: null });
  }
  while (stack.length > 0) {
    const { outline, folders, view } = stack.pop()!;
    const item = itemOf(outline, folders, view);
    if (item) items.push(item);
    if (outline.outlines?.length) pushChildren(stack, outline, [...folders, nameOf(outline)], view);
  }
  return items;
}

function pushChildren(stack: { outline: Outline; folders: string[]; view: FeedView | null }[], parent: Outline, folders: string[], view: FeedView | null) {
  const children = parent.outlines ?? [];
  for (let i = children.length - 1; i >= 0; i--) stack.push({ outline: children[i]!, folders, view });
}
