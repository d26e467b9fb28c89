import { vi } from "vitest";

interface StoredTab {
  payload: Record<string, unknown>;
  updated: Date;
}

/**
 * The server's /api/settings routes as the product server answers them (GET: `settings` and
 * `updated` beside `code`; PATCH: a shallow merge where null removes a key, answering
 * `{code: 0, data: {updated}}`), served through a stubbed `fetch`. `failNext` makes the next
 * requests answer 500.
 */
export function serveSettings() {
  const tabs = new Map<string, StoredTab>();
  const patches: { tab: string; body: Record<string, unknown> }[] = [];
  const state = { failNext: 0, gets: 0 };

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
      const method = init?.method ?? "GET";
      if (state.failNext > 0) {
        state.failNext -= 1;
        return json(500, { code: 1, message: "Internal Server Error" });
      }
      if (method === "GET" && url === "/api/settings") {
        state.gets += 1;
        return json(200, {
          code: 0,
          settings: Object.fromEntries([...tabs].map(([tab, row]) => [tab, row.payload])),
          updated: Object.fromEntries([...tabs].map(([tab, row]) => [tab, row.updated.toISOString()])),
        });
      }
      const match = /^\/api\/settings\/(general|appearance|integration)$/.exec(url);
      if (method === "PATCH" && match) {
        const tab = match[1]!;
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        patches.push({ tab, body });
        const merged = { ...tabs.get(tab)?.payload };
        for (const [key, value] of Object.entries(body)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        const updated = new Date();
        tabs.set(tab, { payload: merged, updated });
        return json(200, { code: 0, data: { updated: updated.toISOString() } });
      }
      return json(404, { code: 1, message: "Not found" });
    }),
  );

  return {
    patches,
    state,
    /** Stores a tab as another device would have, at `updated`. */
    put(tab: string, payload: Record<string, unknown>, updated: Date) {
      tabs.set(tab, { payload, updated });
    },
    stored: (tab: string) => tabs.get(tab)?.payload,
  };
}
