import { afterEach, describe, expect, it, vi } from "vitest";
import { settingsActions } from "../../store/settings.store.ts";
import { unreadActions } from "../../store/unread.store.ts";
import { startAppBadge } from "./app-badge.ts";

afterEach(() => {
  unreadActions.clear();
  settingsActions.setUI({ showDockBadge: true });
});

describe("the installed app's badge", () => {
  it("shows the unread total, clears at zero, and follows the Dock badge setting", () => {
    const setAppBadge = vi.fn(async (_count?: number) => undefined);
    const clearAppBadge = vi.fn(async () => undefined);
    startAppBadge({ setAppBadge, clearAppBadge });
    // Nothing until the counts are known.
    expect(setAppBadge).not.toHaveBeenCalled();
    unreadActions.replace({ a: 2, b: 3 });
    expect(setAppBadge).toHaveBeenLastCalledWith(5);
    unreadActions.adjust({ a: -2, b: -3 });
    expect(clearAppBadge).toHaveBeenCalledTimes(1);
    unreadActions.adjust({ a: 4 });
    expect(setAppBadge).toHaveBeenLastCalledWith(4);
    settingsActions.setUI({ showDockBadge: false });
    expect(clearAppBadge).toHaveBeenCalledTimes(2);
    unreadActions.adjust({ a: 1 });
    expect(setAppBadge).toHaveBeenCalledTimes(2);
  });

  it("does nothing where the browser has no badge", () => {
    expect(() => startAppBadge({})).not.toThrow();
  });
});
