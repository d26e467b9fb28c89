import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import type { RsshubInstance, RsshubInstanceInput, RsshubStatus } from "@tidings/contracts";
import { useMemo } from "react";
import { api } from "../../lib/api-client.ts";

export const rsshubKeys = {
  all: ["rsshub"] as const,
  list: ["rsshub", "list"] as const,
  status: ["rsshub", "status"] as const,
};

/** `GET /rsshub/list`: the caller's own instances first, then the others they may use. */
export const rsshubListQuery = queryOptions({
  queryKey: rsshubKeys.list,
  queryFn: ({ signal }) => api<RsshubInstance[]>("rsshub/list", { signal }),
  staleTime: 30_000,
});

/** `GET /rsshub/status`: the instance the caller uses, the server's default, where routes come from. */
export const rsshubStatusQuery = queryOptions({
  queryKey: rsshubKeys.status,
  queryFn: ({ signal }) => api<RsshubStatus>("rsshub/status", { signal }),
  staleTime: 30_000,
});

/** The list and the status after a change; with `resolving`, what depends on the instance in use too. */
async function refresh(client: QueryClient, resolving = false): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: rsshubKeys.all }),
    // The route catalogue and `rsshub://` previews are answered by the instance in use.
    ...(resolving ? [client.invalidateQueries({ queryKey: ["discover"] }), client.invalidateQueries({ queryKey: ["follow", "feed"] })] : []),
  ]);
}

/** What readers do to instances; each call refreshes what it changed. */
export interface RsshubActions {
  /** `POST /rsshub`: adds (no `id`) or updates the caller's own instance, after the server checked it. */
  save: (input: RsshubInstanceInput) => Promise<RsshubInstance>;
  /** `DELETE /rsshub`. */
  remove: (id: string) => Promise<void>;
  /** `POST /rsshub/use`: `null` goes back to the server's default. */
  use: (id: string | null, durationInMonths?: number) => Promise<RsshubStatus>;
  /** `POST /rsshub/check`: the owner has the server check the instance now. */
  check: (id: string) => Promise<RsshubInstance>;
}

export function useRsshubActions(): RsshubActions {
  const client = useQueryClient();
  return useMemo(
    () => ({
      async save(input) {
        const saved = await api<RsshubInstance>("rsshub", { json: input });
        // The instance in use may be the one just edited: its catalogue may have changed too.
        await refresh(client, saved.inUse);
        return saved;
      },
      async remove(id) {
        await api<null>("rsshub", { method: "DELETE", json: { id } });
        await refresh(client, true);
      },
      async use(id, durationInMonths) {
        const status = await api<RsshubStatus>("rsshub/use", { json: { id, ...(durationInMonths ? { durationInMonths } : {}) } });
        client.setQueryData(rsshubKeys.status, status);
        await refresh(client, true);
        return status;
      },
      async check(id) {
        const checked = await api<RsshubInstance>("rsshub/check", { json: { id } });
        await refresh(client);
        return checked;
      },
    }),
    [client],
  );
}
