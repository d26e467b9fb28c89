import { queryOptions } from "@tanstack/react-query";
import { authApi } from "./auth-api.ts";

export const authKeys = {
  providers: ["auth", "providers"] as const,
};

/** `GET /api/better-auth/get-providers`: the social sign-in providers of this instance. */
export const providersQuery = queryOptions({
  queryKey: authKeys.providers,
  queryFn: authApi.providers,
  staleTime: 10 * 60_000,
  retry: false,
});
