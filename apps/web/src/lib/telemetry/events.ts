/**
 * Product events (spec §7 anonymous usage data). None carries content: views are numbers, and a
 * search says that it happened, never what was typed.
 */
export interface AnalyticsEvents {
  sign_in: Record<string, never>;
  subscribe: { view: number; type: "feed" | "list" };
  mark_all_read: { view: number };
  search: Record<string, never>;
}

export type AnalyticsEventName = keyof AnalyticsEvents;

type Sink = <K extends AnalyticsEventName>(name: K, properties: AnalyticsEvents[K]) => void;
let sink: Sink | null = null;

/** Where events go once analytics has started; before that (or when it is off) they are dropped. */
export function setEventSink(next: Sink | null): void {
  sink = next;
}

/** Records a product event (a no-op when usage data is off). */
export function track<K extends AnalyticsEventName>(name: K, ...properties: AnalyticsEvents[K] extends Record<string, never> ? [] : [AnalyticsEvents[K]]): void {
  sink?.(name, (properties[0] ?? {}) as AnalyticsEvents[K]);
}
