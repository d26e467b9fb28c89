import { type Achievement, type BoostStatus, POWER_UNIT, type PowerTransaction, type Wallet } from "@tidings/contracts";

/** Units of `power` whole POWER (tests only). */
export const units = (power: number): string => (BigInt(power) * POWER_UNIT).toString();

export const ME = "1800000000000000999";

/** A wallet as `GET /wallets` shows it (tests only). */
export function wallet(over: Partial<Wallet> = {}): Wallet {
  return {
    addressIndex: 1,
    address: "0x00000000000000000000000000000000000000aa",
    userId: ME,
    createdAt: "2026-01-01T00:00:00Z",
    powerToken: units(100),
    dailyPowerToken: units(40),
    cashablePowerToken: units(60),
    level: { rank: 3, level: 2, prevActivityPoints: 5, activityPoints: 25 },
    todayDailyPower: "12500000000000000000",
    ...over,
  };
}

/** A transaction of the history (tests only). */
export function transaction(hash: string, over: Partial<PowerTransaction> = {}): PowerTransaction {
  return {
    hash,
    type: "tip",
    fromUserId: ME,
    toUserId: null,
    toFeedId: "1700000000000000001",
    toListId: null,
    toEntryId: "1900000000000000001",
    toRsshubId: null,
    powerToken: units(10),
    tax: "0",
    comment: null,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    toFeed: { id: "1700000000000000001", title: "Harbour news", image: null, url: "https://harbour.example/feed" },
    ...over,
  };
}

/** `GET /boosts?feedId` (tests only). */
export function boostStatus(over: Partial<BoostStatus> = {}): BoostStatus {
  return { level: 1, monthlyBoostCost: units(10), boostCount: 2, remainingBoostsToLevelUp: 3, lastValidBoost: null, ...over };
}

/** An achievement of `GET /achievement` (tests only). */
export function achievement(actionId: number, over: Partial<Achievement> = {}): Achievement {
  return { id: `a${actionId}`, userId: ME, actionId, type: "incomplete", progress: 0, progressMax: 1, done: false, doneAt: null, tx: null, power: units(20), ...over };
}

/** A JSON envelope answer (tests only). */
export const ok = (data: unknown, extra: Record<string, unknown> = {}) => () => Response.json({ code: 0, data, ...extra });

/** An error answer (tests only). */
export const refuse = (status: number, code: number, message: string) => () => Response.json({ code, message }, { status });

/** Routes of an instance with POWER on, and the signed-in reader (tests only). */
export const POWER_ON = {
  "GET /api/status/configs": ok({ POWER: true, POWER_DAILY_SUPPLY: 10_000, POWER_BOOST_MONTHLY_COST: 10 }),
  "GET /api/better-auth/get-session": () => Response.json({ user: { id: ME, name: "Me", email: "me@example.com" }, session: { id: "s" }, role: "user", invitation: null }),
};
