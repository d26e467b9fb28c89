/**
 * Sign-out's way to return usage data to an anonymous id (spec §4) without loading the analytics
 * code: the analytics client registers its reset here when it starts.
 */
let reset: (() => void) | null = null;

export function registerAnalyticsReset(next: (() => void) | null): void {
  reset = next;
}

export function resetAnalytics(): void {
  reset?.();
}
