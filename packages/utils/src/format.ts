const COUNT_UNITS = [
  { value: 1e9, suffix: "B" },
  { value: 1e6, suffix: "M" },
  { value: 1e3, suffix: "K" },
] as const;

/**
 * A count in short form (spec §9): K from 1e3, M from 1e6, B from 1e9, one decimal, no trailing
 * ".0".
 *
 * @example formatCount(1530) // "1.5K"
 */
export function formatCount(count: number): string {
  const abs = Math.abs(count);
  for (const unit of COUNT_UNITS) {
    if (abs >= unit.value) {
      const short = Math.floor((count / unit.value) * 10) / 10;
      return `${Number.isInteger(short) ? short.toFixed(0) : short.toFixed(1)}${unit.suffix}`;
    }
  }
  return String(count);
}

/**
 * Seconds in a time string `h:mm:ss`, `mm:ss` or `m:ss` (spec §5); a plain number of seconds is
 * accepted too. Returns `null` for anything else.
 *
 * @example parseTimeToSeconds("1:02:03") // 3723
 */
export function parseTimeToSeconds(text: string): number | null {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = match;
  if (Number(seconds) > 59 || (match[1] !== undefined && Number(minutes) > 59)) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 1440;
const MINUTES_PER_MONTH = 43200;

/**
 * A duration given in minutes, in its largest whole unit (spec §9: hours, days at 1440 min,
 * months at 43200 min).
 *
 * @example formatMinutes(2880) // { value: 2, unit: "days" }
 */
export function formatMinutes(minutes: number): {
  value: number;
  unit: "minutes" | "hours" | "days" | "months";
} {
  if (minutes >= MINUTES_PER_MONTH) return { value: Math.floor(minutes / MINUTES_PER_MONTH), unit: "months" };
  if (minutes >= MINUTES_PER_DAY) return { value: Math.floor(minutes / MINUTES_PER_DAY), unit: "days" };
  if (minutes >= MINUTES_PER_HOUR) return { value: Math.floor(minutes / MINUTES_PER_HOUR), unit: "hours" };
  return { value: Math.floor(minutes), unit: "minutes" };
}
