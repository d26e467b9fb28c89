import { MutationCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";

const NO_RETRY_STATUSES = new Set([400, 401, 403, 404, 422]);
const MAX_RETRIES = 3;
const RETRY_DELAY_MS = 1000;
/** The longest a query waits for a server that asked for patience (Retry-After) before its next try. */
const MAX_RETRY_AFTER_MS = 30_000;
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

/**
 * How long a failed query waits before its next try: 1 s, or what the server asked for with
 * `Retry-After` (the database away, 19000; a limit, 18000), at most 30 s.
 */
export function retryDelay(_failureCount: number, error: unknown): number {
  const asked = error instanceof ApiError ? error.retryAfterMs : undefined;
  return asked === undefined ? RETRY_DELAY_MS : Math.min(Math.max(asked, RETRY_DELAY_MS), MAX_RETRY_AFTER_MS);
}

/** The query client; `onMutationError` hears every failed mutation (one global error toast). */
export function createQueryClient(onMutationError: (error: unknown) => void = () => {}): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onError: onMutationError }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
