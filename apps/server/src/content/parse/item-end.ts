// Where an item ends in a document's text, found by a scan rather than by tokenising it (xml-tree.ts skips known items so).

const SLASH = 47;
const BANG = 33;
const GT = 62;

/** Whether `text[at]` ends a tag name: whitespace, `>` or `/`. */
function endsName(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code === GT || code === SLASH || code === 32 || code === 10 || code === 9 || code === 13;
}

/**
 * Where the element opened just before `from` closes, found by scanning the markup rather than
 * tokenising it: the index of its end tag's `<` and of the `>` after it. CDATA sections and
 * comments are stepped over whole; anything else unusual (another element of the same name
 * opening inside, a declaration, no end tag) answers null and the item is read as usual. A scan
 * mistaken by odd markup only finds a digest that is known for no item, so the item is read.
 */
export function findEndTag(text: string, from: number, name: string): { start: number; end: number } | null {
  let at = from;
  for (;;) {
    const lt = text.indexOf("<", at);
    if (lt === -1) return null;
    const next = text.charCodeAt(lt + 1);
    if (next === BANG) {
      if (text.startsWith("<![CDATA[", lt)) {
        const close = text.indexOf("]]>", lt + 9);
        if (close === -1) return null;
        at = close + 3;
      } else if (text.startsWith("<!--", lt)) {
        const close = text.indexOf("-->", lt + 4);
        if (close === -1) return null;
        at = close + 3;
      } else return null;
      continue;
    }
    if (next === SLASH) {
      const after = lt + 2 + name.length;
      if (text.slice(lt + 2, after).toLowerCase() === name && endsName(text, after)) {
        const end = text.indexOf(">", after);
        return end === -1 ? null : { start: lt, end };
      }
    } else if (text.slice(lt + 1, lt + 1 + name.length).toLowerCase() === name && endsName(text, lt + 1 + name.length)) return null;
    at = lt + 1;
  }
}
