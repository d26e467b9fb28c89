import { useQuery } from "@tanstack/react-query";
import type { StatusConfigs } from "@tidings/contracts";
import { statusConfigsQuery } from "../../queries/status.ts";

/** What the instance says about POWER (`GET /status/configs`), read defensively. */
export interface PowerConfig {
  /** Off until the server says on: a server without POWER sends no flag and has no wallet routes. */
  enabled: boolean;
  /** Whole POWER a month of boost costs, when the server tells. */
  boostMonthlyCost: number | null;
  /** Whole POWER shared each day, when the server tells. */
  dailySupply: number | null;
}

const numberOr = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

export function powerConfigOf(configs: Partial<StatusConfigs> | null | undefined): PowerConfig {
  return {
    enabled: configs?.POWER === true,
    boostMonthlyCost: numberOr(configs?.POWER_BOOST_MONTHLY_COST),
    dailySupply: numberOr(configs?.POWER_DAILY_SUPPLY),
  };
}

/**
 * POWER's settings from the instance's configs. `fetch: false` only reads what the app already
 * knows (the signed-in app loads the configs at start): entry actions render in the reader, which
 * must not send requests of its own (offline, the pending marker).
 */
export function usePowerConfig({ fetch = true }: { fetch?: boolean } = {}): PowerConfig {
  const { data } = useQuery({ ...statusConfigsQuery, enabled: fetch });
  // The fake or an old server may answer anything: only an object counts.
  return powerConfigOf(data && typeof data === "object" && !Array.isArray(data) ? data : null);
}

/** Whether POWER's entry points show (tip, boost, achievements, the Power tab). */
export const usePowerEnabled = (options?: { fetch?: boolean }): boolean => usePowerConfig(options).enabled;
