// A light element tree of a feed document, built in one streaming pass of htmlparser2's XML
// tokeniser. htmlparser2 never refuses a document: unclosed, misnested and truncated markup,
// stray `&` and undeclared prefixes all come out as a tree, the way a lenient reader wants.

import { decodeHTMLStrict } from "entities";
import { type Handler, Parser, Tokenizer } from "htmlparser2";
import { markupDigest } from "./item-digest.ts";
import { knownPrefix } from "./namespaces.ts";
import { absoluteUrl } from "./urls.ts";

/** An element of the tree. */
export interface XmlElement {
  /**
   * Lower-cased local name, prefixed with the usual prefix of its namespace whatever prefix the
   * document binds ("dc:creator", "atom:link", "media:content"). The feed's own vocabulary (RSS,
   * or Atom in an Atom document) has no prefix; elements of other namespaces keep theirs as written.
   */
  readonly name: string;
  /** Attributes, names lower-cased and prefixed the same way ("xml:base", "rdf:about"); entities decoded. */
  readonly attrs: Record<string, string>;
  /** Text (entities decoded, CDATA as written) and elements, in document order; adjacent text merged. */
  readonly children: XmlNode[];
  /** The xml:base in effect, resolved against the ones above and the document's URL; null when none is declared. */
  readonly base: string | null;
  /** The xml:lang in effect, or null. */
  readonly lang: string | null;
  /**
   * For `item` and `entry` elements, when the tree is built with `digests`: the digest of their
   * markup as the document has it, start tag to end tag (item-digest.ts' markupDigest).
   */
  digest?: string;
  /** For items with a digest: the xml:base and xml:lang they inherit (part of their digest's context half). */
  inherited?: string;
  /** An item item-scan.ts left out, its markup's digest known: no children. */
  skipped?: true;
}

/** What parseXmlTree does with a feed's items (`item` and `entry` elements). */
export interface ItemReading {
  /** Digest each item's markup (XmlElement.digest). */
  digests: boolean;
  /** The attribute item-scan.ts wrote the items' digests in (model.ts' ItemSelection.marker). */
  marker?: string;
}

export type XmlNode = XmlElement | string;

/**
 * Deepest nesting read. htmlparser2 keeps its open elements with Array#unshift, so each tag costs
 * time in proportion to the depth: megabytes of unclosed tags would take minutes. Feeds, even
 * with unescaped HTML inside, stay far below this.
 */
const NESTING_LIMIT = 2048;

/** Thrown for a document nested deeper than {@link NESTING_LIMIT}. */
export class TooDeeplyNested extends Error {}

/**
 * htmlparser2's tokeniser, skipping ahead with String#indexOf. Through text (entities are not
 * decoded by the tokeniser here) and CDATA sections, which are most of a feed's bytes, it looks
 * for the next `<` or `]` one character at a time in JavaScript; indexOf does the same search
 * natively, several times faster. Only `fastForwardTo`, a private method, is replaced: if a new
 * version of htmlparser2 no longer has it, the tokeniser is used as it is (xml-tree.test.ts
 * checks that both read the corpus the same).
 */
export class FeedTokenizer extends Tokenizer {}

interface TokenizerState {
  buffer: string;
  index: number;
  offset: number;
}

if (typeof (Tokenizer.prototype as unknown as Record<string, unknown>).fastForwardTo === "function") {
  Object.defineProperty(FeedTokenizer.prototype, "fastForwardTo", {
    value: function fastForwardTo(this: TokenizerState, code: number): boolean {
      const at = this.buffer.indexOf(String.fromCharCode(code), this.index + 1 - this.offset);
      if (at !== -1) {
        this.index = at + this.offset;
        return true;
      }
      // As the original: the parse loop increments the index past the end.
      this.index = this.buffer.length + this.offset - 1;
      return false;
    },
  });
}

/** Namespace bindings in effect (prefix → URI, "" for the default namespace), with the names already resolved under them. */
interface Scope {
  readonly uris: Map<string, string>;
  readonly names: Map<string, string>;
}

const XMLNS = "xmlns";

/** Elements whose markup is digested (XmlElement.digest): a feed's items. */
const ITEMS = new Set(["item", "entry"]);

class TreeBuilder implements Partial<Handler> {
  root: XmlElement | null = null;
  /** The parser feeding this builder (for the positions of items' markup) and its text. */
  parser: Parser | null = null;
  text = "";
  private readonly documentUrl: string | null;
  private readonly items: ItemReading | null;
  /** Where the markup of each open item starts, innermost last. */
  private readonly itemStarts: { element: XmlElement; start: number }[] = [];
  private readonly stack: XmlElement[] = [];
  private readonly scopes: Scope[] = [];
  private current: XmlElement | null = null;
  private scope: Scope = { uris: new Map(), names: new Map() };
  /** Open elements being ignored: everything after the root element closes. */
  private ignored = 0;
  private inCdata = false;
  /** Atom's namespace is the document's own (no prefix) in an Atom feed, `atom:` elsewhere. */
  private atomIsOwn = false;

  constructor(documentUrl: string | null, items: ItemReading | null) {
    this.documentUrl = documentUrl;
    this.items = items;
  }

  onopentag(rawName: string, attrs: Record<string, string>): void {
    if (this.ignored > 0 || (this.root && this.stack.length === 0)) {
      this.ignored++;
      return;
    }
    if (this.stack.length >= NESTING_LIMIT) throw new TooDeeplyNested("The document is nested too deeply");
    const parent = this.current;
    let scope = this.scope;
    let declares = false;
    let prefixed = false;
    for (const key in attrs) {
      const value = attrs[key]!;
      if (value.includes("&")) attrs[key] = decodeHTMLStrict(value);
      if (key.startsWith("xml")) declares ||= key === XMLNS || key.startsWith(`${XMLNS}:`);
      else prefixed ||= key.includes(":");
    }
    if (declares) scope = this.withDeclarations(attrs);
    if (!this.root) this.atomIsOwn = this.namespaceOf(rawName, scope) === "atom";
    if (prefixed) this.renameAttributes(attrs, scope);
    const declaredBase = attrs["xml:base"];
    const parentBase = parent ? parent.base : null;
    const element: XmlElement = {
      name: this.resolve(rawName, scope),
      attrs,
      children: [],
      base: declaredBase === undefined ? parentBase : (absoluteUrl(declaredBase, parentBase ?? this.documentUrl) ?? parentBase),
      lang: attrs["xml:lang"] ?? (parent ? parent.lang : null),
    };
    if (parent) parent.children.push(element);
    else this.root = element;
    this.stack.push(element);
    this.scopes.push(this.scope);
    this.scope = scope;
    this.current = element;
    if (this.items?.digests && ITEMS.has(element.name) && this.parser) this.openItem(element);
  }

  /**
   * An item opens: its digest is the one item-scan.ts wrote into its start tag (the attribute is
   * removed; an item it left out is marked skipped), else its markup's start is noted for the
   * digest made when it closes.
   */
  private openItem(element: XmlElement): void {
    const parent = this.stack.length > 1 ? this.stack[this.stack.length - 2]! : null;
    element.inherited = `${parent?.base ?? ""}\u0000${parent?.lang ?? ""}`;
    const marker = this.items!.marker;
    if (marker) {
      const attrs = element.attrs as Record<string, string>;
      const known = attrs[`${marker}-known`];
      const digest = known ?? attrs[marker];
      if (digest !== undefined) {
        delete attrs[marker];
        delete attrs[`${marker}-known`];
        element.digest = digest;
        if (known !== undefined) element.skipped = true;
        return;
      }
    }
    this.itemStarts.push({ element, start: this.parser!.startIndex });
  }

  onclosetag(): void {
    if (this.ignored > 0) {
      this.ignored--;
      return;
    }
    const closed = this.stack.pop();
    const item = this.itemStarts.at(-1);
    if (item && item.element === closed && this.parser) {
      this.itemStarts.pop();
      item.element.digest = markupDigest(this.text, item.start, this.parser.endIndex + 1);
    }
    this.scope = this.scopes.pop()!;
    this.current = this.stack.length > 0 ? this.stack[this.stack.length - 1]! : null;
  }

  ontext(raw: string): void {
    const element = this.current;
    if (!element || this.ignored > 0) return;
    // Entities are decoded here rather than by the tokeniser, whose XML mode knows only XML's
    // five: feeds use HTML's (&nbsp;, &copy;…) all the time. Strict: `AT&T` and `&bogus;` stay as
    // written, and a document type's entities are never expanded.
    const text = !this.inCdata && raw.includes("&") ? decodeHTMLStrict(raw) : raw;
    const children = element.children;
    const last = children.length - 1;
    if (last >= 0 && typeof children[last] === "string") children[last] += text;
    else children.push(text);
  }

  oncdatastart(): void {
    this.inCdata = true;
  }

  oncdataend(): void {
    this.inCdata = false;
  }

  /**
   * A new scope with the element's xmlns declarations; the current one when they change nothing
   * (some feeds declare a namespace again on every element that uses it).
   */
  private withDeclarations(attrs: Record<string, string>): Scope {
    let uris: Map<string, string> | null = null;
    for (const key in attrs) {
      const prefix = key === XMLNS ? "" : key.startsWith(`${XMLNS}:`) ? key.slice(6) : null;
      if (prefix === null || this.scope.uris.get(prefix) === attrs[key]) continue;
      uris ??= new Map(this.scope.uris);
      uris.set(prefix, attrs[key]!);
    }
    return uris ? { uris, names: new Map() } : this.scope;
  }

  /** Prefixed attribute names under their namespace's usual prefix (`r:about` bound to RDF is `rdf:about`). */
  private renameAttributes(attrs: Record<string, string>, scope: Scope): void {
    for (const key of Object.keys(attrs)) {
      const colon = key.indexOf(":");
      if (colon <= 0 || key.startsWith("xml")) continue;
      const uri = scope.uris.get(key.slice(0, colon));
      const prefix = uri === undefined ? undefined : knownPrefix(uri);
      if (!prefix) continue;
      const name = `${prefix}:${key.slice(colon + 1)}`;
      if (name !== key && !(name in attrs)) {
        attrs[name] = attrs[key]!;
        delete attrs[key];
      }
    }
  }

  /** The known prefix of an element name's namespace ("" for RSS's own), or undefined. */
  private namespaceOf(rawName: string, scope: Scope): string | undefined {
    const colon = rawName.indexOf(":");
    const uri = scope.uris.get(colon === -1 ? "" : rawName.slice(0, colon));
    return uri === undefined ? undefined : knownPrefix(uri);
  }

  private resolve(rawName: string, scope: Scope): string {
    let name = scope.names.get(rawName);
    if (name === undefined) {
      name = this.canonicalName(rawName, scope);
      scope.names.set(rawName, name);
    }
    return name;
  }

  private canonicalName(rawName: string, scope: Scope): string {
    const colon = rawName.indexOf(":");
    const local = colon === -1 ? rawName : rawName.slice(colon + 1);
    // An undeclared prefix is read as written: `<dc:creator>` without xmlns:dc is still Dublin Core.
    if (!scope.uris.has(colon === -1 ? "" : rawName.slice(0, colon))) return rawName;
    let prefix = this.namespaceOf(rawName, scope);
    if (prefix === "atom" && this.atomIsOwn) prefix = "";
    if (prefix === undefined) return colon === -1 ? local : rawName;
    return prefix === "" ? local : `${prefix}:${local}`;
  }
}

/**
 * The document's root element as a tree, or null when the text holds no element. `documentUrl`
 * is the base of xml:base declarations; `items` says whether items are digested, and where
 * item-scan.ts wrote their digests. Throws {@link TooDeeplyNested}.
 */
export function parseXmlTree(text: string, documentUrl: string | null, items: ItemReading | null = null): XmlElement | null {
  const builder = new TreeBuilder(documentUrl, items);
  const parser = new Parser(builder, {
    xmlMode: true,
    decodeEntities: false,
    lowerCaseTags: true,
    lowerCaseAttributeNames: true,
    recognizeSelfClosing: true,
    Tokenizer: FeedTokenizer,
  });
  builder.parser = parser;
  builder.text = text;
  parser.end(text);
  return builder.root;
}
