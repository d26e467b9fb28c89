import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { resetLocalData } from "../../lib/reset.ts";
import { authApi } from "./auth-api.ts";

/**
 * Signs out (spec §4): ends the session on the server, clears every local store and the query
 * cache, then reloads the page onto the sign-in screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authApi.signOut().catch(() => {});
    queryClient.clear();
    await resetLocalData({ keepPreferences: true });
    window.location.assign("/login");
  }, [queryClient]);
}
