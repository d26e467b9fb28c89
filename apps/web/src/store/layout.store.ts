import { create } from "zustand";
import { storage } from "../lib/storage.ts";

interface LayoutState {
  /** The subscription column is hidden (Cmd+B / [). Kept across reloads. */
  subscriptionColumnHidden: boolean;
  /** Zen mode: only what is being read shows (spec §2). For this session. */
  zen: boolean;
  /** Mobile: the subscription drawer is open. */
  drawerOpen: boolean;
}

export const useLayout = create<LayoutState>(() => ({
  subscriptionColumnHidden: storage.get("layout:subscriptionColumnHidden") === "true",
  zen: false,
  drawerOpen: false,
}));

export const layoutActions = {
  toggleSubscriptionColumn(): void {
    const hidden = !useLayout.getState().subscriptionColumnHidden;
    storage.set("layout:subscriptionColumnHidden", String(hidden));
    useLayout.setState({ subscriptionColumnHidden: hidden });
  },
  toggleZen(): void {
    useLayout.setState((state) => ({ zen: !state.zen }));
  },
  setZen(zen: boolean): void {
    useLayout.setState({ zen });
  },
  setDrawer(open: boolean): void {
    useLayout.setState({ drawerOpen: open });
  },
};
