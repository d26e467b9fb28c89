import { entryViewActions } from "../../store/entry-view.store.ts";

/** The attribute of the article element a print shows (the reader sets it; the print sheet keys on it). */
export const PRINT_ATTRIBUTE = "data-print-article";

/**
 * Exports an entry as PDF through the browser's print dialog ("Save as PDF"). When the entry is
 * open in the reader, it prints now; otherwise `open` shows it and the reader prints once it has
 * rendered the article.
 */
export function exportEntryPdf(entryId: string, open: () => void): void {
  if (document.querySelector(`[${PRINT_ATTRIBUTE}="${CSS.escape(entryId)}"]`)) {
    window.print();
    return;
  }
  entryViewActions.requestPrint(entryId);
  open();
}
