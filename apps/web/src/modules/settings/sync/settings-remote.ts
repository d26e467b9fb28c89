import { isApiErrorBody, PRODUCT } from "@tidings/contracts";
import { api, ApiError } from "../../../lib/api-client.ts";
import { connectivity } from "../../../lib/connectivity.ts";
import type { ServerTab } from "./sync-keys.ts";

/** GET /settings: each stored tab's payload and the ISO time of its last change. */
export interface SettingsSnapshot {
  settings: Partial<Record<string, Record<string, unknown>>>;
  updated: Partial<Record<string, string>>;
}

/** The server's settings store, as the sync uses it. */
export interface SettingsRemote {
  fetchAll(): Promise<SettingsSnapshot>;
  /** Merges `payload` into the tab; answers the server's time of the change. */
  patch(tab: ServerTab, payload: Record<string, unknown>): Promise<{ updated: string }>;
}

/**
 * The product API. GET /settings answers `settings` and `updated` beside `code` (as the reference
 * client reads them), not inside `data`, so it is read here instead of through `api()`.
 */
export const httpSettingsRemote: SettingsRemote = {
  async fetchAll() {
    const url = "/api/settings";
    let response: Response;
    try {
      response = await fetch(url, { credentials: "include", headers: { "X-App-Version": PRODUCT.version, "X-App-Name": `${PRODUCT.name} Web` } });
    } catch (cause) {
      connectivity.reportFailure();
      throw new ApiError({ method: "GET", url, cause });
    }
    const text = await response.text();
    connectivity.reportResponse(response.status, text.length > 0);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (!response.ok) throw new ApiError({ method: "GET", url, status: response.status, statusText: response.statusText, ...(isApiErrorBody(body) ? { body } : {}) });
    const snapshot = body as Partial<SettingsSnapshot> | undefined;
    return { settings: snapshot?.settings ?? {}, updated: snapshot?.updated ?? {} };
  },

  patch: (tab, payload) => api<{ updated: string }>(`settings/${tab}`, { method: "PATCH", json: payload }),
};
