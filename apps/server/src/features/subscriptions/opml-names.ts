import { FEED_VIEWS, type FeedView } from "@tidings/contracts";

/** Folder names of an export by view, in view order (spec §1's view names). */
export const VIEW_FOLDER_NAMES: Record<FeedView, string> = {
  0: "Articles",
  1: "Social Media",
  2: "Pictures",
  3: "Videos",
  4: "Audios",
  5: "Notifications",
};

/** Longest category and title the subscriptions service keeps (it cuts longer ones the same way). */
export const CATEGORY_MAX = 100;
export const TITLE_MAX = 300;

/** Nested folders become one category, their names joined with this, outermost first. */
export const FOLDER_SEPARATOR = " / ";

const letters = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const VIEW_BY_NAME = new Map(FEED_VIEWS.map((view) => [letters(VIEW_FOLDER_NAMES[view]), view]));

/**
 * The view a folder name stands for: "Videos", "videos", "Social Media", "social-media"; null for
 * any other name.
 */
export function viewOfFolderName(name: string): FeedView | null {
  return VIEW_BY_NAME.get(letters(name)) ?? null;
}

const clean = (text: string) => {
  const trimmed = text.trim().slice(0, CATEGORY_MAX).trim();
  return trimmed || null;
};

/**
 * The category of a feed in nested folders: their names joined with " / " ("Tech / Rust"), so
 * that two folders of the same name in different parents stay apart; null outside any folder.
 */
export function categoryOfFolders(folders: readonly string[]): string | null {
  return clean(
    folders
      .map((name) => name.trim())
      .filter(Boolean)
      .join(FOLDER_SEPARATOR),
  );
}

/**
 * The category an outline's `category` attribute names. OPML 2.0 makes it a comma-separated list
 * of slash-delimited paths ("/Tech/Rust,/Later"); the first path is read like nested folders.
 */
export function categoryOfAttribute(attribute: string | undefined): string | null {
  const first = attribute?.split(",")[0];
  if (!first) return null;
  return categoryOfFolders(first.split("/"));
}

/** A title as subscriptions keep it: trimmed, at most 300 characters, null when empty. */
export function cleanTitle(title: string | null | undefined): string | null {
  const trimmed = title?.trim().slice(0, TITLE_MAX).trim();
  return trimmed || null;
}
