import { PRINT_ATTRIBUTE } from "../entry-actions/index.ts";

const A = `[${PRINT_ATTRIBUTE}]`;

/**
 * The print sheet of "Export as PDF": only the article (header and body) is printed, on white,
 * without the app around it. Everything that does not contain the article, or is not inside it,
 * is dropped; its ancestors lose the scroll containers and fixed heights that would clip it.
 */
export const PRINT_CSS = `@media print {
  @page { margin: 16mm; }
  html, body { background: #fff !important; color-scheme: light; }
  body *:not(:has(${A})):not(${A}):not(${A} *) { display: none !important; }
  body *:has(${A}) { display: block !important; position: static !important; overflow: visible !important; height: auto !important; max-height: none !important; min-height: 0 !important; width: auto !important; max-width: none !important; margin: 0 !important; padding: 0 !important; border: 0 !important; background: transparent !important; box-shadow: none !important; }
  ${A} { max-width: none !important; padding: 0 !important; color: #18181b !important; }
  ${A}, ${A} * { color: #18181b !important; border-color: #d4d4d8 !important; }
  ${A} :is(pre, code) { background: #f4f4f5 !important; }
  ${A} [data-print-hide] { display: none !important; }
  ${A} img, ${A} figure, ${A} pre { break-inside: avoid; }
}`;

/** Puts the print sheet in the page while a reader is open. */
export function PrintStyle() {
  return <style>{PRINT_CSS}</style>;
}
