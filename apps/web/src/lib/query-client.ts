import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 422]);
const MAX_RETRIES = 3;
const RETRY_DELAY_MS = 1000;
const STALE_TIME_MS = 10 * 60 * 1000;

/**
 * Whether a failed query runs again (spec §7): never on 400, 401, 403, 404, 422 or an unknown
 * status; otherwise up to 3 times.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === undefined || NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < MAX_RETRIES;
}

/** The query client; `onMutationError` hears every failed mutation (one global error toast). */
export function createQueryClient(onMutationError: (error: unknown) => void = () => {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onError: onMutationError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: RETRY_DELAY_MS,
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
