import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { resetLocalData } from "../../lib/reset.ts";
import { resetAnalytics } from "../../lib/telemetry/analytics-reset.ts";
import { authApi } from "./auth-api.ts";

/**
 * Signs out (spec §4): ends the session on the server, clears every local store and the query
 * cache, then reloads the page onto the sign-in screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await authApi.signOut().catch(() => {});
    // Usage data goes back to an anonymous id (spec §4 analytics session).
    resetAnalytics();
    queryClient.clear();
    await resetLocalData({ keepPreferences: true });
    window.location.assign("/login");
  }, [queryClient]);
}
