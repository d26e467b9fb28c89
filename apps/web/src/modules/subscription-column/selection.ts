import { create } from "zustand";

/**
 * Feed rows picked with Cmd/Ctrl-click, for the batch actions of the context menu (unfollow or
 * move many at once). A plain click or a change of view clears it.
 */
export const useSelection = create<{ ids: string[] }>(() => ({ ids: [] }));

export const selection = {
  toggle(id: string): void {
    useSelection.setState((state) => ({ ids: state.ids.includes(id) ? state.ids.filter((x) => x !== id) : [...state.ids, id] }));
  },
  clear(): void {
    if (useSelection.getState().ids.length) useSelection.setState({ ids: [] });
  },
  /** The rows a menu opened on `id` acts on: the selection when `id` is part of it, else `id` alone. */
  targetsOf(id: string): string[] {
    const { ids } = useSelection.getState();
    return ids.includes(id) && ids.length > 1 ? ids : [id];
  },
};
