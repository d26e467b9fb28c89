import type { QueryClient } from "@tanstack/react-query";
import type { SessionPayload } from "@tidings/contracts";
import { sessionKeys } from "../queries/session.ts";

/**
 * Calls `listener` with the signed-in user's id whenever the session query settles on a different
 * answer (null when signed out). The session query itself is run by the app's screens.
 */
export function watchSessionUser(client: QueryClient, listener: (userId: string | null) => void): () => void {
  let last: string | null | undefined;
  const check = () => {
    const state = client.getQueryState<SessionPayload | null>(sessionKeys.all);
    if (!state || state.status !== "success") return;
    const userId = state.data?.user.id ?? null;
    if (userId === last) return;
    last = userId;
    listener(userId);
  };
  check();
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === sessionKeys.all[0]) check();
  });
}
