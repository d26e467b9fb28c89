import type { QueryClient } from "@tanstack/react-query";
import type { DesktopBridge, DesktopPreferences } from "@tidings/contracts";
import i18next from "i18next";
import { navigateTo } from "../../lib/navigation.ts";
import { useSettings } from "../../store/settings.store.ts";
import { watchSessionUser } from "../../startup/session-watch.ts";
import { sumUnread, useUnread } from "../../store/unread.store.ts";
import { signOut } from "../auth/index.ts";
import { EagleError, setEagleTransport, setObsidianWriter } from "../integrations/index.ts";
import { setColorMode, useColorMode } from "../theme/index.ts";
import { runShortcut } from "./shortcut-event.ts";

const preferencesOf = (state: ReturnType<typeof useSettings.getState>): DesktopPreferences => ({
  appLaunchOnStartup: state.general.appLaunchOnStartup,
  showDockBadge: state.ui.showDockBadge,
  openLinksInExternalApp: state.general.openLinksInExternalApp,
});

/**
 * Connects the page to the desktop shell (spec §2), once at start: the colour mode both ways,
 * the signed-in reader, sign-out asked by the shell, the unread count (badge, tray and a
 * notification of new entries while the window is in the background), the desktop settings,
 * deep links and menu commands, and the Obsidian and Eagle savers.
 */
export function startDesktopLink(bridge: DesktopBridge, queryClient: QueryClient): void {
  const quiet = (promise: Promise<unknown>) => void promise.catch(() => undefined);

  // Colour mode: the shell's at start; then whichever side changes it tells the other.
  let fromShell = false;
  const adopt = (mode: "light" | "dark" | "system") => {
    if (mode === useColorMode.getState().mode) return;
    fromShell = true;
    setColorMode(mode);
    fromShell = false;
  };
  quiet(bridge.invoke("setting.getAppearance").then(adopt));
  bridge.on("setting.appearanceChanged", adopt);
  useColorMode.subscribe((state, previous) => {
    if (state.mode !== previous.mode && !fromShell) quiet(bridge.invoke("setting.setAppearance", state.mode));
  });

  // The signed-in reader, as the session query learns it.
  watchSessionUser(queryClient, (userId) => quiet(bridge.invoke("auth.sessionChanged", { userId })));
  bridge.on("auth.signOutRequested", () => void signOut(queryClient));

  // Unread: the badge and tray follow the total; new entries while the window is away notify.
  let lastTotal: number | null = null;
  const onUnread = (state: ReturnType<typeof useUnread.getState>) => {
    if (!state.loaded) return;
    const total = sumUnread(state.counts);
    if (total === lastTotal) return;
    const added = lastTotal === null ? 0 : total - lastTotal;
    lastTotal = total;
    quiet(bridge.invoke("app.setUnreadCount", { count: total }));
    if (added > 0 && (document.visibilityState === "hidden" || !document.hasFocus())) {
      quiet(bridge.invoke("app.notify", { title: i18next.t("app:desktop.new_entries_title"), body: i18next.t("app:desktop.new_entries", { count: added }), path: "/timeline" }));
    }
  };
  useUnread.subscribe(onUnread);
  onUnread(useUnread.getState());

  // The settings only a desktop has.
  let preferences = JSON.stringify(preferencesOf(useSettings.getState()));
  quiet(bridge.invoke("app.setPreferences", preferencesOf(useSettings.getState())));
  useSettings.subscribe((state) => {
    const next = preferencesOf(state);
    if (JSON.stringify(next) === preferences) return;
    preferences = JSON.stringify(next);
    quiet(bridge.invoke("app.setPreferences", next));
  });

  bridge.on("navigate", ({ path }) => navigateTo(path));
  bridge.on("command", ({ id }) => runShortcut(id));

  setObsidianWriter({
    async write(note, vaultPath) {
      await bridge.invoke("obsidian.writeNote", { vaultPath, fileName: note.fileName, text: note.text });
    },
  });
  setEagleTransport(async (items) => {
    try {
      await bridge.invoke("eagle.addFromURLs", { items });
    } catch (error) {
      const code = (error as { code?: string }).code;
      throw code === "UNREACHABLE" ? new EagleError("not-running") : new EagleError("refused", (error as Error).message);
    }
  });
}
