import type { ListSummary } from "@tidings/contracts";
import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "../../queries/session.ts";
import { statusConfigsQuery } from "../../queries/status.ts";

/** Whether the instance's configs (`GET /status/configs`) say POWER is on: an old server sends no flag, read as off. */
export const powerOn = (configs: unknown): boolean =>
  configs !== null && typeof configs === "object" && !Array.isArray(configs) && (configs as { POWER?: unknown }).POWER === true;

/** What a list's fee means to the reader. */
export interface ListFee {
  /** The list's fee in whole POWER, shown to everyone; 0 when free or when the instance has POWER off (nothing is charged then). */
  fee: number;
  /** What following it charges this reader: the fee, except on their own list (owners never pay). */
  toPay: number;
}

/** The fee of `list` for the reader `userId`, on an instance with POWER on or off. */
export function listFeeOf(list: Pick<ListSummary, "fee" | "ownerUserId">, { power, userId }: { power: boolean; userId: string | null }): ListFee {
  const fee = power && Number.isInteger(list.fee) && list.fee > 0 ? list.fee : 0;
  return { fee, toPay: fee > 0 && list.ownerUserId !== userId ? fee : 0 };
}

/**
 * The fee of a list about to be followed (none without a list), and whether it is known yet.
 * Asks for the instance's configs and the session only when `enabled` (by default: given a list);
 * the app has both already, and a feed never needs them.
 */
export function useListFee(list: Pick<ListSummary, "fee" | "ownerUserId"> | null | undefined, enabled = !!list): ListFee & { ready: boolean } {
  const configs = useQuery({ ...statusConfigsQuery, enabled });
  const session = useQuery({ ...sessionQuery, enabled });
  if (!list) return { fee: 0, toPay: 0, ready: false };
  // Defensive: a server (or a fake) may answer without a user.
  const userId = (session.data as { user?: { id?: string } } | null | undefined)?.user?.id ?? null;
  const ready = enabled && !configs.isPending && !session.isPending;
  return { ...listFeeOf(list, { power: powerOn(configs.data), userId }), ready };
}
