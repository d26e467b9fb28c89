import { QueryClient } from "@tanstack/react-query";
import type { DesktopBridge, DesktopEventName } from "@tidings/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionKeys } from "../../queries/session.ts";
import { settingsActions } from "../../store/settings.store.ts";
import { unreadActions } from "../../store/unread.store.ts";
import { useColorMode } from "../theme/index.ts";
import { startDesktopLink } from "./desktop-link.ts";
import { shortcutKeyEvent } from "./shortcut-event.ts";

/** A bridge recording the page's calls, whose events the test fires. */
function fakeBridge(appearance: "light" | "dark" | "system" = "dark") {
  const calls: { name: string; input: unknown }[] = [];
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const bridge = {
    kind: "chromium",
    platform: "linux",
    version: "0.5.0",
    invoke: vi.fn(async (name: string, input?: unknown) => {
      calls.push({ name, input });
      return name === "setting.getAppearance" ? appearance : null;
    }),
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return () => undefined;
    },
  } as unknown as DesktopBridge;
  const emit = (name: DesktopEventName, payload: unknown) => listeners.get(name)?.forEach((listener) => listener(payload));
  const named = (name: string) => calls.filter((call) => call.name === name).map((call) => call.input);
  return { bridge, emit, named };
}

afterEach(() => {
  unreadActions.clear();
  vi.restoreAllMocks();
});

describe("the desktop link", () => {
  it("takes the shell's colour mode, follows its changes, and tells it the page's", async () => {
    const { bridge, emit, named } = fakeBridge("dark");
    startDesktopLink(bridge, new QueryClient());
    await vi.waitFor(() => expect(useColorMode.getState().mode).toBe("dark"));
    // Adopting the shell's mode is not echoed back.
    expect(named("setting.setAppearance")).toEqual([]);
    emit("setting.appearanceChanged", "light");
    expect(useColorMode.getState().mode).toBe("light");
    expect(named("setting.setAppearance")).toEqual([]);
    useColorMode.setState({ mode: "system" });
    expect(named("setting.setAppearance")).toEqual(["system"]);
  });

  it("reports the signed-in reader, and signing out", async () => {
    const { bridge, named } = fakeBridge();
    const queryClient = new QueryClient();
    startDesktopLink(bridge, queryClient);
    queryClient.setQueryData(sessionKeys.all, { user: { id: "42" } });
    queryClient.setQueryData(sessionKeys.all, { user: { id: "42" } });
    queryClient.setQueryData(sessionKeys.all, null);
    expect(named("auth.sessionChanged")).toEqual([{ userId: "42" }, { userId: null }]);
  });

  it("sends the unread total, and notifies of new entries only while the window is away", async () => {
    const { bridge, named } = fakeBridge();
    startDesktopLink(bridge, new QueryClient());
    unreadActions.replace({ a: 3, b: 2 });
    expect(named("app.setUnreadCount")).toEqual([{ count: 5 }]);
    vi.spyOn(document, "hasFocus").mockReturnValue(true);
    unreadActions.adjust({ a: 1 });
    expect(named("app.notify")).toEqual([]);
    vi.spyOn(document, "hasFocus").mockReturnValue(false);
    unreadActions.adjust({ b: 2 });
    expect(named("app.setUnreadCount").at(-1)).toEqual({ count: 8 });
    expect(named("app.notify")).toEqual([expect.objectContaining({ path: "/timeline" })]);
    unreadActions.adjust({ a: -4 });
    expect(named("app.notify")).toHaveLength(1);
  });

  it("sends the desktop settings when they change", async () => {
    const { bridge, named } = fakeBridge();
    startDesktopLink(bridge, new QueryClient());
    const before = named("app.setPreferences").length;
    settingsActions.setGeneral({ openLinksInExternalApp: true });
    expect(named("app.setPreferences").slice(before)).toEqual([expect.objectContaining({ openLinksInExternalApp: true })]);
    settingsActions.setGeneral({ unreadOnly: false });
    expect(named("app.setPreferences").slice(before)).toHaveLength(1);
    settingsActions.setGeneral({ openLinksInExternalApp: false });
  });

  it("runs a menu command as its keys", () => {
    expect(shortcutKeyEvent("global.search", false)).toMatchObject({ key: "k", ctrlKey: true, metaKey: false });
    expect(shortcutKeyEvent("global.search", true)).toMatchObject({ key: "k", ctrlKey: false, metaKey: true });
    expect(shortcutKeyEvent("subscription.markAllRead", false)).toMatchObject({ key: "a", ctrlKey: true, shiftKey: true });
    expect(shortcutKeyEvent("timeline.next", false)).toMatchObject({ key: "j", ctrlKey: false });
  });
});
