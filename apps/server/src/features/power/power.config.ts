import { bool, type EnvOf, type EnvShape, integer } from "../../config/parsers.ts";

export const powerEnv = {
  POWER: bool("POWER", true),
  POWER_DAILY_SUPPLY: integer("POWER_DAILY_SUPPLY", 10_000, 0, 1_000_000_000),
  POWER_BOOST_MONTHLY_COST: integer("POWER_BOOST_MONTHLY_COST", 10, 1, 1_000_000),
  INVITATION_PRICE: integer("INVITATION_PRICE", 0, 0, 1_000_000),
} satisfies EnvShape;

/** POWER, the instance-local currency (whole POWER; the ledger counts 10^-18 units). */
export interface PowerConfig {
  /** false hides the whole feature: its routes answer 404 and the client shows none of it. */
  readonly enabled: boolean;
  /** POWER the instance hands out each day, shared among active readers by level and activity. */
  readonly dailySupply: number;
  /** What boosting a feed for a month costs. */
  readonly boostMonthlyCost: number;
  /** What generating an invitation code costs (0: free). */
  readonly invitationPrice: number;
}

export function powerConfig(e: EnvOf<typeof powerEnv>): PowerConfig {
  return Object.freeze({ enabled: e.POWER, dailySupply: e.POWER_DAILY_SUPPLY, boostMonthlyCost: e.POWER_BOOST_MONTHLY_COST, invitationPrice: e.INVITATION_PRICE });
}
