import type { FeedView } from "@tidings/contracts";
import type { RefObject } from "react";
import { useEntryActions, type EntryActionId } from "../entry-actions/index.ts";
import { useHotkey } from "../hotkeys/index.ts";

/** Keys that only act while the reader has focus; the timeline handles the same keys for its selection. */
const SCOPE = { scope: "entry-render" } as const;

/** Share of the visible height a PageDown/PageUp moves, keeping a few lines for context. */
export const PAGE_SCROLL_RATIO = 0.85;

/**
 * The reader's keyboard (spec §2, reference §7 defaults): read, star, open, copy, readability,
 * share, tip, page scrolling and close. Registered for the "entry-render" focus area only: the timeline
 * registers the entry keys for its selected entry, and one key must not act twice.
 */
export function useReaderHotkeys(options: { entryId: string; view: FeedView; scroller: RefObject<HTMLElement | null>; onClose: () => void }): void {
  const { all } = useEntryActions(options.entryId, { view: options.view });
  const run = (id: EntryActionId) => () => {
    const action = all.find((candidate) => candidate.id === id);
    if (!action || action.hidden) return false;
    void action.run();
    return true;
  };
  const scroll = (direction: 1 | -1) => () => {
    const element = options.scroller.current;
    if (!element) return false;
    element.scrollBy({ top: direction * element.clientHeight * PAGE_SCROLL_RATIO, behavior: "smooth" });
    return true;
  };

  useHotkey("entry.toggleRead", run("read"), SCOPE);
  useHotkey("entry.toggleStar", run("star"), SCOPE);
  useHotkey("entry.openInBrowser", run("openInBrowser"), SCOPE);
  useHotkey("entry.copyLink", run("copyLink"), SCOPE);
  useHotkey("entry.copyTitle", run("copyTitle"), SCOPE);
  useHotkey("entry.readability", run("readability"), SCOPE);
  useHotkey("entry.share", run("share"), SCOPE);
  useHotkey("entry.tip", run("tip"), SCOPE);
  useHotkey("entry.scrollDown", scroll(1), SCOPE);
  useHotkey("entry.scrollUp", scroll(-1), SCOPE);
  useHotkey(
    "entry.close",
    () => {
      options.onClose();
      return true;
    },
    SCOPE,
  );
}
