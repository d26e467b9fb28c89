/**
 * Errors the app reports itself (route errors) and page errors raised while the error-reporting
 * SDK is still loading. Kept apart from the SDK so the first page load carries only this.
 */
type Capture = (error: unknown) => void;

let capture: Capture | null = null;
/** Errors waiting for the SDK; `null` once it is known that none will come. */
let early: unknown[] | null = [];
const EARLY_LIMIT = 20;

const keep = (error: unknown) => {
  if (early && early.length < EARLY_LIMIT) early.push(error);
};
const onError = (event: ErrorEvent) => keep(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => keep(event.reason);

/** Keeps page errors raised from now until the SDK arrives, so start-up failures are reported too. */
export function listenForEarlyErrors(): void {
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
}

/** Hands the waiting errors to the SDK (or drops them when there is none) and stops waiting. */
export function attachReporter(next: Capture | null): void {
  window.removeEventListener("error", onError);
  window.removeEventListener("unhandledrejection", onRejection);
  const waiting = early ?? [];
  early = null;
  capture = next;
  if (next) for (const error of waiting) next(error);
}

/** Reports an error the app caught itself; kept until the SDK is ready. */
export function reportError(error: unknown): void {
  if (capture) capture(error);
  else keep(error);
}
