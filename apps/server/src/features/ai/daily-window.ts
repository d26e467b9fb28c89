/** Daily reports cover 12 hours, from 08:00 to 20:00 and from 20:00 to 08:00, local time. */
export const WINDOW_MS = 12 * 60 * 60 * 1000;
const EDGES = [8, 20];

/** Whether `zone` is a time zone this runtime knows (IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock fields of an instant in a zone. */
function wallClock(time: number, zone: string) {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(time).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** The instant at which the wall clock of `zone` shows the given date and hour (DST-aware). */
export function zonedTime(zone: string, year: number, month: number, day: number, hour: number): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  let time = guess;
  // The zone's offset at the guess, then at the corrected time (the offset may change between).
  for (let i = 0; i < 2; i++) {
    const wall = wallClock(time, zone);
    const offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - time;
    time = guess - offset;
  }
  return time;
}

/**
 * The start of the most recent window of `zone` that has ended by `now`: at 21:00 it is today's
 * 08:00 (08:00–20:00), at 09:00 last night's 20:00, at 07:00 yesterday's 08:00.
 */
export function lastEndedWindowStart(now: number, zone: string): number {
  const wall = wallClock(now, zone);
  const candidates: number[] = [];
  for (const dayOffset of [0, -1, -2]) {
    const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + dayOffset));
    for (const hour of EDGES) candidates.push(zonedTime(zone, date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), hour));
  }
  return Math.max(...candidates.filter((start) => start + WINDOW_MS <= now));
}
