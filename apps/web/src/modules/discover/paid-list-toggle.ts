import type { ListSummary } from "@tidings/contracts";
import { openFollowDialog, useListFee } from "../follow/index.ts";
import type { FollowToggle } from "./use-follow-toggle.ts";

/**
 * A Follow button's toggle for a list: someone else's paid list (or one whose cost is not known
 * yet) is followed through the follow form, which says what it costs, never at one click. `fee`:
 * what the list costs while POWER is on (0 otherwise).
 */
export function usePaidListToggle(toggle: FollowToggle, list: ListSummary | null | undefined): { button: FollowToggle; fee: number } {
  const listFee = useListFee(list ?? undefined);
  const viaForm = !!list && list.fee > 0 && !toggle.followed && (listFee.toPay > 0 || !listFee.ready);
  return { button: viaForm ? { ...toggle, toggle: () => openFollowDialog({ view: list.view, listId: list.id }) } : toggle, fee: listFee.fee };
}
