/** The four 12-hour windows of the daily report (facts §2.10), newest first. */
export const DAILY_WINDOW_IDS = ["today", "lastNight", "yesterday", "nightBeforeLast"] as const;
export type DailyWindowId = (typeof DAILY_WINDOW_IDS)[number];

export interface DailyWindow {
  id: DailyWindowId;
  /** ms epoch: 08:00 or 20:00 local time. */
  start: number;
  /** ms epoch, exclusive: 12 hours of local time later (a DST change makes it 11 or 13). */
  end: number;
  /** Not begun yet, under way, or over (its report no longer changes). */
  state: "future" | "open" | "closed";
}

/** Spec §9: the report moves on at 8 AM and 8 PM. */
export const DAY_START_HOUR = 8;
export const NIGHT_START_HOUR = 20;

/**
 * The report's windows around `now`, in the browser's time zone: today 08:00–20:00, last night
 * 20:00–08:00, yesterday 08:00–20:00 and the night before last 20:00–08:00.
 */
export function dailyWindows(now: Date): DailyWindow[] {
  // Local wall-clock times, so that a day with a DST change still starts at 08:00.
  const at = (dayOffset: number, hour: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + dayOffset, hour).getTime();
  const bounds: Record<DailyWindowId, [number, number]> = {
    today: [at(0, DAY_START_HOUR), at(0, NIGHT_START_HOUR)],
    lastNight: [at(-1, NIGHT_START_HOUR), at(0, DAY_START_HOUR)],
    yesterday: [at(-1, DAY_START_HOUR), at(-1, NIGHT_START_HOUR)],
    nightBeforeLast: [at(-2, NIGHT_START_HOUR), at(-1, DAY_START_HOUR)],
  };
  const time = now.getTime();
  return DAILY_WINDOW_IDS.map((id) => {
    const [start, end] = bounds[id];
    return { id, start, end, state: time < start ? "future" : time < end ? "open" : "closed" };
  });
}

/** The window a report opens on: the latest one that is over (as the reference client does). */
export function latestClosedWindow(windows: DailyWindow[]): DailyWindow {
  const closed = windows.filter((window) => window.state === "closed");
  return closed.reduce((latest, window) => (window.end > latest.end ? window : latest), closed[0] ?? windows.at(-1)!);
}

/** The browser's IANA time zone, which the server needs to cut the same windows. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
