import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseURL, uniqueEmail } from "./browser.ts";

/**
 * A new account, signed in, in its own browser context (own cookies and IndexedDB). Signs up
 * through the API (the sign-up screen has its own test), then opens `path`.
 */
export async function signedInPage(
  browser: Browser,
  options: {
    name?: string;
    path?: string;
    colorScheme?: "light" | "dark";
    viewport?: { width: number; height: number };
    guide?: boolean;
    /** Runs signed in, before the page first opens: what it does (following feeds…) is there when the app loads. */
    before?: (context: BrowserContext) => Promise<void>;
  } = {},
): Promise<{
  context: BrowserContext;
  page: Page;
  email: string;
}> {
  const context = await browser.newContext({ baseURL: baseURL(), colorScheme: options.colorScheme ?? "light", viewport: options.viewport ?? { width: 1440, height: 900 } });
  const page = await context.newPage();
  const email = uniqueEmail("reader");
  const response = await context.request.post("/api/better-auth/sign-up/email", {
    data: { email, password: "correct horse battery", name: options.name ?? "Ada Reader" },
    headers: { origin: baseURL() },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  // The new-user guide greets a first sign-in; tests that do not ask for it find it done already.
  if (!options.guide) {
    const { user } = (await response.json()) as { user: { id: string } };
    await context.addInitScript((key) => window.localStorage.setItem(key, "done"), guideKey(user.id));
  }
  await options.before?.(context);
  await page.goto(options.path ?? "/timeline/view-0/all");
  return { context, page, email };
}

/** The local-storage key of the new-user guide's "done or skipped" flag (apps/web/src/modules/onboarding). */
export function guideKey(userId: string): string {
  return `tidings:onboarding:${userId}`;
}

/** Calls the product API as the page's user (same cookies); answers `data` of the envelope. */
export async function apiCall<T>(context: BrowserContext, method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT", path: string, body?: unknown): Promise<T> {
  const response = await context.request.fetch(`/api${path}`, { method, headers: { origin: baseURL(), "content-type": "application/json" }, ...(body !== undefined ? { data: body } : {}) });
  const json = (await response.json()) as { code: number; data: T; message?: string };
  if (!response.ok() || json.code !== 0) throw new Error(`${method} ${path}: ${response.status()} ${JSON.stringify(json)}`);
  return json.data;
}

/** Follows a feed through the API (the follow form has its own test) and returns its feed id. */
export async function follow(context: BrowserContext, url: string, options: { view?: number; category?: string } = {}): Promise<string> {
  const data = await apiCall<{ feedId?: string }>(context, "POST", "/subscriptions", { url, view: options.view ?? 0, ...(options.category ? { category: options.category } : {}) });
  if (!data.feedId) throw new Error(`no feed in ${JSON.stringify(data)}`);
  return data.feedId;
}
