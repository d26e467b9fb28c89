import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { createStartupSteps, orderedSteps } from "./steps.ts";
import { runStartup, STARTUP_ORDER, type StartupStepName } from "./startup.ts";

const SPEC_ORDER = [
  "migrations",
  "upgradeDetection",
  "settingsHydration",
  "settingsSync",
  "errorReporting",
  "i18n",
  "databaseHydration",
  "analytics",
  "pushRegistration",
];

describe("start-up order (spec §4)", () => {
  it("is the spec's order, and the app's steps follow it", () => {
    expect([...STARTUP_ORDER]).toEqual(SPEC_ORDER);
    const steps = createStartupSteps({ queryClient: new QueryClient(), onNavigate: () => {}, currentPath: () => "/" });
    expect(steps.map((step) => step.name)).toEqual(SPEC_ORDER);
  });

  it("runs each step after the previous one finished, whatever the order they are declared in", async () => {
    const log: string[] = [];
    const step = (name: string, delay: number) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      log.push(`end ${name}`);
    };
    // Declared backwards, with the slowest first: the order still comes from STARTUP_ORDER.
    const implementations = Object.fromEntries([...STARTUP_ORDER].reverse().map((name, index) => [name, step(name, 9 - index)])) as Record<StartupStepName, () => Promise<void>>;
    await runStartup(orderedSteps(implementations));
    expect(log).toEqual(SPEC_ORDER.flatMap((name) => [`start ${name}`, `end ${name}`]));
  });

  it("goes on after a failing step and says which one failed", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const ran: string[] = [];
    await runStartup([
      { name: "analytics", run: () => Promise.reject(new Error("blocked by an extension")) },
      { name: "pushRegistration", run: () => void ran.push("pushRegistration") },
    ]);
    expect(ran).toEqual(["pushRegistration"]);
    expect(warn.mock.calls[0]?.[0]).toContain("analytics");
    warn.mockRestore();
  });
});
