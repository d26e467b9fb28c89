import { decodeEntities } from "./fold.ts";

/** A piece of highlighted text: `mark` pieces are matches. */
export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * Reads the server's highlight markup (HTML-escaped text with `<mark>` around matches) into
 * segments. Nothing of it is ever used as HTML: any other tag stays literal text, references are
 * decoded into the characters they stand for, and React renders the pieces as text.
 */
export function parseHighlight(markup: string): Segment[] {
  const segments: Segment[] = [];
  let marked = false;
  for (const piece of markup.split(/(<\/?mark>)/)) {
    if (piece === "<mark>") marked = true;
    else if (piece === "</mark>") marked = false;
    else if (piece) {
      const text = decodeEntities(piece);
      const last = segments.at(-1);
      if (last && last.mark === marked) last.text += text;
      else segments.push({ text, mark: marked });
    }
  }
  return segments;
}

/** Whether any piece is a match. */
export const hasMark = (segments: Segment[]) => segments.some((segment) => segment.mark);
