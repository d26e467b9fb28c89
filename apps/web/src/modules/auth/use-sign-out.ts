import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { desktopBridge } from "../../lib/desktop-bridge.ts";
import { resetLocalData } from "../../lib/reset.ts";
import { resetAnalytics } from "../../lib/telemetry/analytics-reset.ts";
import { authApi } from "./auth-api.ts";

/**
 * Signs out (spec §4): ends the session on the server, clears every local store and the query
 * cache, and the desktop shell's session when in one, then reloads the page onto the sign-in screen.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await authApi.signOut().catch(() => {});
  // Usage data goes back to an anonymous id (spec §4 analytics session).
  resetAnalytics();
  queryClient.clear();
  await resetLocalData({ keepPreferences: true });
  await desktopBridge?.invoke("auth.signOut").catch(() => {});
  window.location.assign("/login");
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(() => signOut(queryClient), [queryClient]);
}
