import type { TestApp } from "./app.ts";

export interface ApiResult<T = unknown> {
  status: number;
  body: { code: number; data?: T; message?: string; reason?: string; [key: string]: unknown };
}

/** Calls the product API as one signed-in user. */
export function apiAs(t: TestApp, cookie: string) {
  const call = async <T>(method: string, path: string, json?: unknown): Promise<ApiResult<T>> => {
    const response = await t.request(`/api${path}`, { method, cookie, ...(json !== undefined ? { json } : {}) });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : { code: -1 } };
  };
  return {
    get: <T = unknown>(path: string) => call<T>("GET", path),
    post: <T = unknown>(path: string, json: unknown = {}) => call<T>("POST", path, json),
    patch: <T = unknown>(path: string, json: unknown = {}) => call<T>("PATCH", path, json),
    put: <T = unknown>(path: string, json: unknown = {}) => call<T>("PUT", path, json),
    delete: <T = unknown>(path: string, json: unknown = {}) => call<T>("DELETE", path, json),
  };
}

export type Api = ReturnType<typeof apiAs>;
