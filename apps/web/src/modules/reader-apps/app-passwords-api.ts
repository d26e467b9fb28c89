import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { api } from "../../lib/api-client.ts";

/** One app password as the list shows it: the password itself is never listed. */
export interface AppPassword {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A new app password: the only answer that carries the password. */
export interface CreatedAppPassword {
  id: string;
  name: string;
  password: string;
  createdAt: string;
}

export const appPasswordKeys = {
  list: ["app-passwords"] as const,
};

/** `GET /app-passwords`: the reader's app passwords, oldest first. */
export const appPasswordsQuery = queryOptions({
  queryKey: appPasswordKeys.list,
  queryFn: ({ signal }) => api<AppPassword[]>("app-passwords", { signal }),
  // "Last used" moves whenever an app syncs: always ask again when the page opens.
  staleTime: 0,
});

/** Where reader apps sync: the Google Reader API and the Fever API of this server. */
export function readerApiUrls(origin = window.location.origin): { greader: string; fever: string; miniflux: string } {
  // Miniflux apps add `/v1/…` to the address they are given.
  return { greader: `${origin}/api/greader`, fever: `${origin}/api/fever`, miniflux: origin };
}

export interface AppPasswordActions {
  /** `POST /app-passwords`; 17000 past the limit. */
  create: (name: string) => Promise<CreatedAppPassword>;
  /** `DELETE /app-passwords/:id`; 17001 when it is gone already. */
  revoke: (id: string) => Promise<void>;
}

/** Making and revoking app passwords; each refreshes the list. */
export function useAppPasswordActions(): AppPasswordActions {
  const client = useQueryClient();
  return useMemo(() => {
    const refresh = () => client.invalidateQueries({ queryKey: appPasswordKeys.list });
    return {
      async create(name) {
        const created = await api<CreatedAppPassword>("app-passwords", { json: { name: name.trim() } });
        await refresh();
        return created;
      },
      async revoke(id) {
        try {
          await api<null>(`app-passwords/${encodeURIComponent(id)}`, { method: "DELETE" });
        } finally {
          // Gone or not, the list shows what the server has.
          await refresh();
        }
      },
    };
  }, [client]);
}
