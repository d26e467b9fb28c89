// An entry's search document, as search-words.ts splits and folds its words: written as UTF-8
// bytes (what a refresh sends to PostgreSQL) or as a string.
import { BytePacker } from "../lib/byte-packer.ts";
import { clip, MAX_BODY_CHARS, stripTags, type SearchableText } from "./search-text.ts";
import { foldWord, forEachDistinctSpan, indexWords, MAX_POSITION, MAX_POSITIONS_PER_WORD } from "./search-words.ts";

/**
 * Writes the search document of a title and a body (plain text as written) into `out`, as a
 * tsvector literal in UTF-8: the title's words ({@link indexWords}) with their positions,
 * weighted A, then the body's distinct words without positions. A word may be listed twice (in
 * the title and the body, or folded from two spellings): PostgreSQL merges the same lexemes when
 * it reads the literal, which it sorts anyway. Words hold only letters, digits and marks, so
 * quoting them cannot go wrong. An empty title and body write nothing (the empty document). The
 * body's plain words, most of a document, go from the text to the bytes without a string each.
 */
export function writeDocument(title: string, body: string, out: BytePacker): void {
  if (title) {
    const titleWords = new Map<string, number[]>();
    let position = 0;
    for (const word of indexWords(title)) {
      if (position < MAX_POSITION) position++;
      const positions = titleWords.get(word);
      if (positions === undefined) titleWords.set(word, [position]);
      else if (positions.length < MAX_POSITIONS_PER_WORD) positions.push(position);
    }
    let literal = "";
    for (const [word, positions] of titleWords) literal += `'${word}':${positions.join("A,")}A `;
    out.text(literal);
  }
  if (body) {
    let first = true;
    // Each word quoted, a space between two.
    const open = () => {
      if (!first) out.byte(SPACE);
      first = false;
      out.byte(QUOTE);
    };
    forEachDistinctSpan(body, (start, end, plain) => {
      if (plain) {
        open();
        out.ascii(body, start, end);
        out.byte(QUOTE);
        return;
      }
      for (const part of foldWord(body.slice(start, end))) {
        open();
        out.text(part);
        out.byte(QUOTE);
      }
    });
  }
}

const QUOTE = 0x27;
const SPACE = 0x20;
const utf8 = new TextDecoder();

/** The search document of a title and a body as a string ({@link writeDocument}'s literal). */
export function documentLiteral(title: string, body: string): string {
  const out = new BytePacker(1024);
  writeDocument(title, body, out);
  return utf8.decode(out.finish());
}

/** The title and body a search document is made of (see {@link searchDocumentOf}). */
function documentParts(entry: SearchableText): [title: string, body: string] {
  const contentText = entry.contentText != null ? entry.contentText : entry.content ? stripTags(clip(entry.content, MAX_BODY_CHARS * 4)) : "";
  const description = entry.description ?? "";
  const body = description && contentText ? `${description}\n${contentText}` : description || contentText;
  return [entry.title ?? "", clip(body, MAX_BODY_CHARS)];
}

/**
 * The search document of an entry: its title, and its description and content text (the
 * sanitiser's, else the text of the stored HTML), at most {@link MAX_BODY_CHARS} characters. As
 * the body's words are a set, a description repeating the start of the content costs nothing.
 */
export function searchDocumentOf(entry: SearchableText): string {
  return documentLiteral(...documentParts(entry));
}

/** Writes {@link searchDocumentOf}'s document into `out`, as UTF-8 bytes. */
export function writeSearchDocument(entry: SearchableText, out: BytePacker): void {
  writeDocument(...documentParts(entry), out);
}
