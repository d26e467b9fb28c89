import render from "dom-serializer";
import { parseDocument } from "htmlparser2";

/**
 * Rewrites malformed XML as well-formed XML: htmlparser2 in XML mode builds a tree from anything
 * (unclosed and misnested elements, truncated documents), which is then serialised back. Entities
 * are left as written, so this never expands anything.
 */
export function repairXml(text: string): string {
  const document = parseDocument(text, { xmlMode: true, decodeEntities: false, recognizeSelfClosing: true });
  return render(document, { xmlMode: true, decodeEntities: false, encodeEntities: false });
}
