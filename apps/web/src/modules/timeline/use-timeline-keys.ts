import type { FeedView } from "@tidings/contracts";
import type { RefObject } from "react";
import type { MarkAllScope } from "../../actions/mark-all.actions.ts";
import { markRead, markUnread } from "../../actions/read.actions.ts";
import { toggleStar } from "../../actions/star.actions.ts";
import { useEntries } from "../../store/entries.store.ts";
import { useGeneralSetting } from "../../store/settings.store.ts";
import { openInBrowser } from "../entry-actions/index.ts";
import { useHotkey } from "../hotkeys/index.ts";
import { confirmMarkAllRead } from "../mark-all/index.ts";
import { openTipDialog, usePowerEnabled } from "../power/boot.ts";
import type { ListHandle } from "./list-handle.ts";
import { idsAbove, idsBelow } from "./scroll-mark-read.ts";
import { selectEntry, useTimelineSelection } from "./timeline-context.ts";
import { toggleUnreadOnly } from "./timeline-header.tsx";

/** The entry a step away from `current` in `ids` (the first one when nothing is selected yet). */
export function stepSelection(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = current ? ids.indexOf(current) : -1;
  if (index < 0) return step === 1 ? ids[0]! : null;
  return ids[index + step] ?? null;
}

/**
 * The timeline's keys (spec §2): J/K move the selection (opening the entry where a reading pane
 * shows it, or when one is open already), Enter opens, R refetches, U flips unread only, Shift+J/K
 * read below/above, and M, S, B and Shift+Cmd+T (tip) act on the selected entry. Entry keys are
 * scoped to the timeline: while the reader has focus, its own registrations answer them.
 */
export function useTimelineKeys(options: {
  view: FeedView;
  ids: readonly string[];
  entryId: string | null;
  /** J/K open the entry they land on (a reading pane is beside the list, or an entry is open). */
  opensOnMove: boolean;
  openEntry: (id: string) => void;
  handle: RefObject<ListHandle | null>;
  refetch: () => void;
  markAll: { scope: MarkAllScope | null; title: string };
}) {
  const { view, ids, openEntry, handle } = options;
  const unreadOnly = useGeneralSetting("unreadOnly");
  const power = usePowerEnabled({ fetch: false });
  const selected = () => useTimelineSelection.getState().selectedId ?? options.entryId;

  const move = (step: 1 | -1) => {
    const next = stepSelection(ids, selected(), step);
    if (!next) return false;
    selectEntry(next);
    handle.current?.scrollToEntry(next);
    if (options.opensOnMove) openEntry(next);
  };
  useHotkey("timeline.next", () => move(1));
  useHotkey("timeline.previous", () => move(-1));
  useHotkey("timeline.open", () => {
    const id = selected();
    if (!id) return false;
    openEntry(id);
  });
  useHotkey("timeline.refetch", () => options.refetch());
  useHotkey("timeline.unreadOnly", () => toggleUnreadOnly(unreadOnly));
  useHotkey("timeline.readAbove", () => {
    const id = selected();
    if (!id) return false;
    markRead(idsAbove(ids, id));
  });
  useHotkey("timeline.readBelow", () => {
    const id = selected();
    if (!id) return false;
    markRead(idsBelow(ids, id));
  });
  useHotkey(
    "subscription.markAllRead",
    () => {
      if (!options.markAll.scope) return false;
      void confirmMarkAllRead(options.markAll.scope, options.markAll.title);
    },
    { scope: "timeline" },
  );

  const withSelected = (act: (id: string) => void) => () => {
    const id = selected();
    if (!id || !useEntries.getState().byId[id]) return false;
    act(id);
  };
  useHotkey(
    "entry.toggleRead",
    withSelected((id) => (useEntries.getState().byId[id]?.read ? markUnread([id]) : markRead([id]))),
    { scope: "timeline" },
  );
  useHotkey(
    "entry.toggleStar",
    withSelected((id) => void toggleStar(id, view).catch(() => undefined)),
    { scope: "timeline" },
  );
  useHotkey(
    "entry.tip",
    () => {
      const id = selected();
      const entry = id ? useEntries.getState().byId[id]?.entry : undefined;
      if (!power || !id || !entry?.feedId) return false;
      openTipDialog({ entryId: id, feedId: entry.feedId, ...(entry.title ? { title: entry.title } : {}) });
    },
    { scope: "timeline" },
  );
  useHotkey(
    "entry.openInBrowser",
    withSelected((id) => {
      const url = useEntries.getState().byId[id]?.entry.url;
      if (url) openInBrowser(url);
    }),
    { scope: "timeline" },
  );
}
