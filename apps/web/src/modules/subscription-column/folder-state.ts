import { FEED_VIEWS, type FeedView } from "@tidings/contracts";
import { create } from "zustand";
import { storage } from "../../lib/storage.ts";

type OpenFolders = Record<string, true>;

const storageName = (view: FeedView) => `subscriptions:folders:${view}`;

function load(view: FeedView): OpenFolders {
  try {
    const stored = storage.get(storageName(view));
    const parsed: unknown = stored ? JSON.parse(stored) : null;
    return parsed && typeof parsed === "object" ? (parsed as OpenFolders) : {};
  } catch {
    return {};
  }
}

function save(view: FeedView, open: OpenFolders): void {
  if (Object.keys(open).length === 0) storage.remove(storageName(view));
  else storage.set(storageName(view), JSON.stringify(open));
}

/**
 * Which folders are open, per view (spec §4: "the open/closed state of categories is kept per
 * view"). Folders start closed, like a tidy sidebar; only the open ones are remembered, in local
 * storage, so the state survives reloads and follows a folder when it is renamed or moved.
 */
export const useFolderState = create<{ byView: Record<FeedView, OpenFolders> }>(() => ({ byView: loadAll() }));

function loadAll(): Record<FeedView, OpenFolders> {
  return Object.fromEntries(FEED_VIEWS.map((view) => [view, load(view)])) as Record<FeedView, OpenFolders>;
}

const openFolders = (view: FeedView): OpenFolders => useFolderState.getState().byView[view] ?? {};

function write(view: FeedView, open: OpenFolders): void {
  save(view, open);
  useFolderState.setState((s) => ({ byView: { ...s.byView, [view]: open } }));
}

export const folderState = {
  isOpen(view: FeedView, name: string): boolean {
    return openFolders(view)[name] === true;
  },

  set(view: FeedView, name: string, open: boolean): void {
    const next = { ...openFolders(view) };
    if (open) next[name] = true;
    else delete next[name];
    write(view, next);
  },

  toggle(view: FeedView, name: string): void {
    folderState.set(view, name, !folderState.isOpen(view, name));
  },

  /** A rename (or a move to another view) carries the folder's open state with it. */
  move(from: { view: FeedView; name: string }, to: { view: FeedView; name: string }): void {
    if (from.view === to.view && from.name === to.name) return;
    const wasOpen = folderState.isOpen(from.view, from.name);
    folderState.set(from.view, from.name, false);
    folderState.set(to.view, to.name, wasOpen || folderState.isOpen(to.view, to.name));
  },

  /** Reads the stored state again (tests; another user signing in). */
  reset(): void {
    useFolderState.setState({ byView: loadAll() });
  },
};

/** Whether a folder of a view is open, kept current. */
export function useFolderOpen(view: FeedView, name: string): boolean {
  return useFolderState((state) => state.byView[view]?.[name] === true);
}
