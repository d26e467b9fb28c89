import type { FeedView } from "@tidings/contracts";
import { INTEGRATION_ACTION_IDS } from "../integrations/index.ts";
import type { LucideIcon } from "lucide-react";
import type { ShortcutId } from "../hotkeys/index.ts";

/**
 * Every entry action the toolbar, the "more" menu and the context menu can show (spec §9), then
 * one "Save to …" per integration. The id is what `toolbarOrder` stores.
 */
export const ENTRY_ACTION_IDS = [
  "read",
  "star",
  "aiSummary",
  "readability",
  "sourceContent",
  "share",
  "openInBrowser",
  "copyLink",
  "copyTitle",
  "readAbove",
  "readBelow",
  "aiTranslation",
  "imageGallery",
  "textToSpeech",
  "exportPdf",
  "tip",
  ...INTEGRATION_ACTION_IDS,
  "delete",
  "customize",
] as const;

export type EntryActionId = (typeof ENTRY_ACTION_IDS)[number];

/** One action on one entry, ready to render as a button or a menu item. */
export interface EntryAction {
  id: EntryActionId;
  label: string;
  icon: LucideIcon;
  shortcut?: ShortcutId;
  /** Toggles (read, star, summary, translation, readability, source) show their on state. */
  active?: boolean;
  /** Not applicable to this entry (no images, not an inbox entry…): menus skip it. */
  hidden?: boolean;
  /** Working on it (the readability article is being fetched): buttons show a spinner. */
  busy?: boolean;
  run: () => void | Promise<void>;
}

/** What the caller knows that the entry does not: its view and the neighbours for read above/below. */
export interface EntryActionContext {
  view: FeedView;
  onReadAbove?: () => void;
  onReadBelow?: () => void;
}

/** The actions split as the person arranged the toolbar. `all` is in table order. */
export interface EntryActions {
  main: EntryAction[];
  more: EntryAction[];
  all: EntryAction[];
}
