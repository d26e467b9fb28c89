import { useEffect, useRef } from "react";
import { markRead } from "../../actions/read.actions.ts";
import type { ActionSettings } from "@tidings/contracts";
import { entryViewActions, useEntryView } from "../../store/entry-view.store.ts";
import { toggleReadability } from "../entry-actions/index.ts";

/** Entries whose Actions' reader view or original page were applied this session (once each: the reader may switch back). */
const appliedViews = new Set<string>();

/**
 * Opens an entry the way the reader's Actions ask: the reader view (the fetched article) or the
 * original page. Once per entry and session, and only while the reader has not chosen a mode.
 */
export function useActionViewOnOpen(entryId: string, settings: ActionSettings | undefined): void {
  const wanted = settings?.sourceContent ? "source" : settings?.readability ? "readability" : null;
  useEffect(() => {
    if (!wanted || appliedViews.has(entryId)) return;
    appliedViews.add(entryId);
    if (useEntryView.getState().mode[entryId]) return;
    if (wanted === "source") entryViewActions.setMode(entryId, "source");
    else void toggleReadability(entryId);
  }, [entryId, wanted]);
}

/**
 * Marks an entry read when it is opened, once per opening: an entry opened unread becomes read;
 * marking it unread again while it stays open is left alone (the reader asked for it).
 */
export function useMarkReadOnOpen(entryId: string, read: boolean | null | undefined): void {
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (read === null || read === undefined || handled.current === entryId) return;
    handled.current = entryId;
    if (read === false) markRead([entryId]);
  }, [entryId, read]);
}

/** How long the print waits for the article's images to arrive. */
export const PRINT_DELAY_MS = 400;

/** Prints the entry once it is shown, when "Export as PDF" was asked from outside the reader. */
export function usePrintWhenReady(entryId: string, ready: boolean): void {
  const requested = useEntryView((state) => state.printRequest === entryId);
  useEffect(() => {
    if (!requested || !ready) return;
    entryViewActions.requestPrint(null);
    const timer = setTimeout(() => window.print(), PRINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requested, ready]);
}
