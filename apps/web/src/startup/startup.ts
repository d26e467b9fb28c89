/** One start-up step: named, so the order reads as a list and failures say where. */
export interface StartupStep {
  name: string;
  run: () => void | Promise<void>;
}

/** The step names in spec §4's order. */
export const STARTUP_ORDER = [
  "migrations",
  "upgradeDetection",
  "settingsHydration",
  "settingsSync",
  "errorReporting",
  "i18n",
  "databaseHydration",
  "analytics",
  "pushRegistration",
] as const;

export type StartupStepName = (typeof STARTUP_ORDER)[number];

/**
 * Runs the steps one after the other. A failing step is logged and the next one still runs: a
 * broken extra (analytics, push) must never keep the reader from the app.
 */
export async function runStartup(steps: StartupStep[], onStep?: (name: string) => void): Promise<void> {
  for (const step of steps) {
    onStep?.(step.name);
    try {
      await step.run();
    } catch (error) {
      console.warn(`Start-up step ${step.name} failed:`, error);
    }
  }
}
