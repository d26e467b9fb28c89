// POWER (spec §1, §3, §8 codes 4000–4013 and 9000–9003; reference facts §2.14 and §5): the
// instance-local currency's amounts, wallet, transactions, boosts and achievements as the API
// shows them. Amounts travel as strings of whole smallest units, 18 decimals to one POWER, like
// the reference client's; requests may give plain POWER ("10", "2.5", 10).
import { z } from "zod";
import type { PublicUser } from "./api/models.ts";
import { isValidId } from "./ids.ts";

/** Decimals of one POWER: amounts are whole numbers of 10^-18 POWER. */
export const POWER_DECIMALS = 18;
export const POWER_UNIT = 10n ** 18n;

/** Transaction types (reference facts §2.16). */
export const POWER_TRANSACTION_TYPES = ["tip", "mint", "burn", "withdraw", "purchase", "airdrop"] as const;
export type PowerTransactionType = (typeof POWER_TRANSACTION_TYPES)[number];

/** Boost durations offered, in months. */
export const BOOST_MONTHS = [1, 3, 6, 12] as const;

/**
 * Smallest units from what a request gives: a number or decimal string of POWER ("10", "2.5",
 * at most 18 decimals), or a string of 19 or more digits already in smallest units (the reference
 * client's form). Null when it is neither, or not above zero.
 */
export function parsePowerAmount(value: unknown): bigint | null {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    text = value.toString();
    if (/e/i.test(text)) text = value.toFixed(POWER_DECIMALS).replace(/0+$/, "").replace(/\.$/, "");
  } else if (typeof value === "string") text = value.trim();
  else return null;
  let units: bigint;
  if (/^\d{19,}$/.test(text)) units = BigInt(text);
  else {
    const match = /^(\d{1,18})(?:\.(\d{1,18}))?$/.exec(text);
    if (!match) return null;
    units = BigInt(match[1]!) * POWER_UNIT + BigInt((match[2] ?? "").padEnd(POWER_DECIMALS, "0"));
  }
  return units > 0n ? units : null;
}

/** POWER for people: "12.5" from 12500000000000000000 units (trailing zeros dropped, at most `decimals` kept). */
export function formatPower(units: string | bigint, decimals = 4): string {
  const value = typeof units === "bigint" ? units : BigInt(units || "0");
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / POWER_UNIT;
  const fraction = (abs % POWER_UNIT).toString().padStart(POWER_DECIMALS, "0").slice(0, decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole.toString()}${fraction ? `.${fraction}` : ""}`;
}

const amount = z.union([z.number(), z.string().max(100)]).refine((value) => parsePowerAmount(value) !== null, "must be an amount of POWER above zero, such as 10 or 2.5");
const id = (what: string) => z.string().refine(isValidId, `must be ${what} id`);
const totp = z.string().trim().max(20).optional();
const idempotencyKey = z.string().trim().min(1).max(200).optional();

/** `POST /wallets/transactions/tip`. */
export const tipInput = z.object({ amount, entryId: id("an entry"), TOTPCode: totp, idempotencyKey });
export type TipInput = z.infer<typeof tipInput>;

/** `POST /boosts`: `amount` must be a whole number (1, 3, 6 or 12) of months at the feed's monthly cost. */
export const boostInput = z.object({ amount, feedId: id("a feed"), TOTPCode: totp, idempotencyKey });
export type BoostInput = z.infer<typeof boostInput>;

/** `POST /admin/power/mint`: an admin grants POWER (a treasury transaction). */
export const mintInput = z.object({ userId: z.string().min(1).max(100), amount, comment: z.string().trim().max(500).optional(), idempotencyKey });
export type MintInput = z.infer<typeof mintInput>;

/** A reader's level, from the POWER ranking and their activity. */
export interface PowerLevel {
  rank: number;
  level: number;
  prevActivityPoints: number;
  activityPoints: number;
}

/** `GET /wallets` (one per reader, made on first use). */
export interface Wallet {
  addressIndex: number;
  /** The wallet's address on this instance (0x and 40 hex digits, derived from the user id). */
  address: string;
  userId: string;
  createdAt: string;
  /** Spendable: daily + cashable. */
  powerToken: string;
  dailyPowerToken: string;
  cashablePowerToken: string;
  level: PowerLevel | null;
  /** What claiming today pays ("0" when nothing is due). */
  todayDailyPower: string;
}

/** A transaction in `GET /wallets/transactions`. */
export interface PowerTransaction {
  hash: string;
  type: PowerTransactionType;
  fromUserId: string | null;
  toUserId: string | null;
  toFeedId: string | null;
  toListId: string | null;
  toEntryId: string | null;
  toRsshubId: string | null;
  powerToken: string;
  tax: string;
  comment: string | null;
  createdAt: string;
  fromUser?: PublicUser | null;
  toUser?: PublicUser | null;
  toFeed?: { id: string; title: string | null; image: string | null; url: string } | null;
}

/** One row of `GET /wallets/ranking`. */
export interface RankingItem extends Partial<PowerLevel> {
  rank: number;
  userId: string;
  user: PublicUser | null;
  powerToken: string;
  address: string;
}

/** `GET /boosts?feedId`. */
export interface BoostStatus {
  level: number;
  monthlyBoostCost: string;
  boostCount: number;
  remainingBoostsToLevelUp: number;
  lastValidBoost: { hash: string; expiresAt: string } | null;
}

/** States an achievement goes through (reference facts §5). */
export type AchievementType = "incomplete" | "checking" | "audit" | "completed" | "received";

/** One achievement of `GET /achievement`. */
export interface Achievement {
  id: string;
  userId: string;
  actionId: number;
  type: AchievementType;
  progress: number;
  progressMax: number;
  done: boolean;
  doneAt: string | null;
  tx: string | null;
  /** Its reward. */
  power: string;
}
