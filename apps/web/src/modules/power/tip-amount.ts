import { parsePowerAmount } from "@tidings/contracts";

/** The amounts the tip dialog offers (reference facts §5: 10 or 20, 10 first). */
export const TIP_PRESETS = ["10", "20"] as const;

/** What a person may type as an amount: POWER with at most 18 decimals, above zero. */
export function validAmount(text: string): boolean {
  const trimmed = text.trim();
  return /^\d{1,18}(?:\.\d{1,18})?$/.test(trimmed) && parsePowerAmount(trimmed) !== null;
}

/** Whether `amount` (POWER) is more than `balance` (units); false while either is unknown. */
export function exceeds(amount: string, balance: string | null | undefined): boolean {
  if (!balance || !validAmount(amount)) return false;
  return parsePowerAmount(amount.trim())! > BigInt(balance);
}
