import { ENTRY_ACTION_IDS, type EntryActionId } from "./types.ts";

/** The `toolbarOrder` UI setting: ids of the toolbar's buttons and of its "more" menu, in order. */
export interface ToolbarOrder {
  main: string[];
  more: string[];
}

/** The toolbar of a fresh install: spec §9's main actions (read, star, AI summary, readability, view source, share). */
export const DEFAULT_MAIN: EntryActionId[] = ["read", "star", "aiSummary", "readability", "sourceContent", "share"];

/** Actions that never move to the toolbar: the menu entry that opens the customise dialog. */
export const PINNED_TO_MORE: ReadonlySet<EntryActionId> = new Set(["customize"]);

const isActionId = (id: string): id is EntryActionId => (ENTRY_ACTION_IDS as readonly string[]).includes(id);

/** The ids a person may arrange (every action but the pinned ones), in table order. */
export const ARRANGEABLE_IDS: EntryActionId[] = ENTRY_ACTION_IDS.filter((id) => !PINNED_TO_MORE.has(id));

/**
 * Splits the actions into toolbar and menu from a stored order. Unknown ids (an action of a newer
 * or older version) are skipped, duplicates count once, and actions the order
 * does not mention go to the menu in table order, so nothing ever disappears. An order naming
 * nothing known means "defaults".
 */
export function splitToolbar(order: ToolbarOrder | null | undefined): { main: EntryActionId[]; more: EntryActionId[] } {
  const seen = new Set<EntryActionId>();
  const take = (ids: readonly string[] | undefined) =>
    (ids ?? []).filter((id): id is EntryActionId => {
      if (!isActionId(id) || PINNED_TO_MORE.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
  let main = take(order?.main);
  let more = take(order?.more);
  if (main.length === 0 && more.length === 0) {
    main = [...DEFAULT_MAIN];
    DEFAULT_MAIN.forEach((id) => seen.add(id));
  }
  more = [...more, ...ARRANGEABLE_IDS.filter((id) => !seen.has(id))];
  return { main, more: [...more, ...PINNED_TO_MORE] };
}

/** The order to store for an arrangement (pinned actions are implied, not stored). */
export function toStoredOrder(main: EntryActionId[], more: EntryActionId[]): ToolbarOrder {
  return { main: main.filter((id) => !PINNED_TO_MORE.has(id)), more: more.filter((id) => !PINNED_TO_MORE.has(id)) };
}

/** The arrangement of a fresh install, as stored. */
export const defaultToolbarOrder = (): ToolbarOrder => {
  const { main, more } = splitToolbar({ main: DEFAULT_MAIN, more: [] });
  return toStoredOrder(main, more);
};

/** The two lists of the customise dialog (pinned actions left out). */
export interface Arrangement {
  main: EntryActionId[];
  more: EntryActionId[];
}

/**
 * The arrangement a stored order stands for, as the customise dialog edits it; `unavailable`
 * actions (integrations that are off) are left out.
 */
export function arrangementOf(order: ToolbarOrder | null | undefined, unavailable: ReadonlySet<string> = new Set()): Arrangement {
  const { main, more } = splitToolbar(order);
  return { main: main.filter((id) => !unavailable.has(id)), more: more.filter((id) => !PINNED_TO_MORE.has(id) && !unavailable.has(id)) };
}

/**
 * Moves an action into a list, before the action now at `index` of that list (the list's length:
 * at its end), as a drop between two rows does. Out-of-range indexes are clamped.
 */
export function moveAction(arrangement: Arrangement, id: EntryActionId, to: keyof Arrangement, index: number): Arrangement {
  const from: keyof Arrangement = arrangement.main.includes(id) ? "main" : "more";
  const next: Arrangement = { main: arrangement.main.filter((x) => x !== id), more: arrangement.more.filter((x) => x !== id) };
  // Dropping below itself in the same list: the positions after it moved up by one.
  const oldIndex = arrangement[from].indexOf(id);
  const target = from === to && oldIndex !== -1 && oldIndex < index ? index - 1 : index;
  const list = [...next[to]];
  list.splice(Math.max(0, Math.min(target, list.length)), 0, id);
  next[to] = list;
  return next;
}
