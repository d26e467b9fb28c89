import { isRouteErrorResponse } from "react-router";

/** What the error page shows: status and status text for a route response, else the message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

const MODULE_LOAD_FAILURES = [
  "Failed to fetch dynamically imported module",
  "Importing a module script failed",
  "error loading dynamically imported module",
  "Unable to preload CSS",
];

/** True when the error is a code chunk that failed to load, usually after a new deployment. */
export function isModuleLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return MODULE_LOAD_FAILURES.some((text) => message.includes(text));
}

export const RELOAD_FLAG = "tidings:reload";

/**
 * After a failed module load, reloads the page once (a new version was probably deployed). Returns
 * true when a reload was started; a second failure in the same session shows the error page.
 */
export function reloadOnceForNewVersion(error: unknown, session: Pick<Storage, "getItem" | "setItem">, reload: () => void): boolean {
  if (!isModuleLoadFailure(error)) return false;
  if (session.getItem(RELOAD_FLAG)) return false;
  session.setItem(RELOAD_FLAG, "1");
  reload();
  return true;
}
