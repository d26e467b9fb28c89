import type { QueryClient } from "@tanstack/react-query";
import i18next from "i18next";
import { toast } from "sonner";
import { appEnv } from "../lib/env.ts";
import { initI18n } from "../lib/i18n.ts";
import { pushSupported, registerServiceWorker } from "../lib/service-worker.ts";
import { listenForEarlyErrors } from "../lib/telemetry/report.ts";
import { watchSessionUser } from "./session-watch.ts";
import { STARTUP_ORDER, type StartupStep, type StartupStepName } from "./startup.ts";
import { detectUpgrade } from "./upgrade.ts";

/** What the steps work with: made by main.tsx before the app renders. */
export interface StartupContext {
  queryClient: QueryClient;
  /** Hears every change of route path (the router's subscribe). */
  onNavigate: (listener: (path: string) => void) => void;
  currentPath: () => string;
}

/** Puts step implementations into spec order; every name must have one. */
export function orderedSteps(implementations: Record<StartupStepName, StartupStep["run"]>): StartupStep[] {
  return STARTUP_ORDER.map((name) => ({ name, run: implementations[name] }));
}

// The app shell needs these modules anyway; loading them here keeps them out of the first page load.
const settingsStore = () => import("../store/settings.store.ts");
const telemetry = () => import("../lib/telemetry/index.ts");

/**
 * The app's start-up (spec §4). Steps that need the network (settings sync, telemetry) start
 * their work and return, so an offline start paints at once; the local ones are awaited.
 */
export function createStartupSteps(ctx: StartupContext): StartupStep[] {
  return orderedSteps({
    async migrations() {
      const [{ openDatabase }, { runSettingsMigrations }, { purgeTranslations }] = await Promise.all([
        import("../db/database.ts"),
        import("../modules/settings/boot.ts"),
        import("../db/translations.repo.ts"),
      ]);
      await openDatabase();
      // Spec §4: translations older than 7 days go at start-up (in the background: nothing waits on it).
      void purgeTranslations();
      runSettingsMigrations();
    },

    upgradeDetection() {
      detectUpgrade(appEnv.version);
    },

    async settingsHydration() {
      // The settings store reads local storage when first used; from here on the rest follows it.
      const [{ useSettings }, { setPersistence }, { consent }, { startAppearanceEffects }] = await Promise.all([
        settingsStore(),
        import("../db/persistence.ts"),
        telemetry(),
        import("../modules/settings/boot.ts"),
      ]);
      // Fonts, sizes, custom CSS and the rest of the appearance apply before the first paint.
      startAppearanceEffects();
      const follow = ({ general }: ReturnType<typeof useSettings.getState>) => {
        setPersistence(general.dataPersist);
        // Turning sendAnonymousData off stops usage data and error reports at once.
        consent.set(general.sendAnonymousData);
      };
      follow(useSettings.getState());
      useSettings.subscribe(follow);
    },

    async settingsSync() {
      const { startSettingsSync } = await import("../modules/settings/boot.ts");
      let stop: (() => void) | null = null;
      // Only a signed-in reader has server settings; sign-out stops the sync.
      watchSessionUser(ctx.queryClient, (userId) => {
        stop?.();
        stop = userId ? startSettingsSync() : null;
      });
    },

    async errorReporting() {
      listenForEarlyErrors();
      const { loadTelemetryConfig, initErrorReporting } = await telemetry();
      void loadTelemetryConfig().then((config) => initErrorReporting(config.errorReportingDsn));
    },

    async i18n() {
      await initI18n(() => toast.error(i18next.t("failed_language_pack")));
    },

    async databaseHydration() {
      const { useSettings } = await settingsStore();
      if (!useSettings.getState().general.dataPersist) return;
      const [{ database }, { hydrate }] = await Promise.all([import("../db/database.ts"), import("../actions/hydrate.ts")]);
      // The data on this device belongs to the last signed-in user; a different one clears it later.
      const owner = (await database().meta.get("userId"))?.value;
      if (typeof owner === "string") await hydrate(owner);
    },

    async analytics() {
      const { loadTelemetryConfig, analytics } = await telemetry();
      void loadTelemetryConfig().then((config) => {
        analytics.start(config.analytics);
        if (!config.analytics) return;
        analytics.pageView(ctx.currentPath());
        ctx.onNavigate((path) => analytics.pageView(path));
        watchSessionUser(ctx.queryClient, (userId) => (userId ? analytics.identify(userId) : analytics.reset()));
      });
    },

    pushRegistration() {
      // The worker (offline support, push messages); readers subscribe in Settings → Notifications.
      const pushCapable = registerServiceWorker().then(pushSupported);
      // New-entry notifications while the app is open, and the page's side of push notifications,
      // for a signed-in reader.
      void import("../modules/notifications/index.ts").then(({ startNewEntryNotifier, startPushLink }) => {
        let running: (() => void)[] = [];
        watchSessionUser(ctx.queryClient, (userId) => {
          running.forEach((stop) => stop());
          const current: (() => void)[] = (running = []);
          if (!userId) return;
          current.push(startNewEntryNotifier((count) => i18next.t("settings:notifications.new_entries", { count })));
          void pushCapable.then((capable) => {
            if (capable && running === current) current.push(startPushLink(i18next));
          });
        });
      });
    },
  });
}
