/**
 * Number, duration and time formatting of spec §9: counts as K/M/B with one decimal, durations in
 * minutes rolled up into hours, days (1440 min) and months (43 200 min), and times relative to now.
 * Locale-aware through `Intl`, so no per-language tables are kept here.
 */

/**
 * Intl formatters are slow to create (a timeline row formats a time on every render): one per
 * constructor, locale and options, kept for the page's life.
 */
const FORMATTERS = new Map<string, { format: (...args: never[]) => string }>();
function formatter<Options extends object, Instance extends { format: (...args: never[]) => string }>(
  Constructor: new (locale?: string, options?: Options) => Instance,
  locale: string | undefined,
  options: Options,
): Instance {
  const key = `${Constructor.name}|${locale ?? ""}|${JSON.stringify(options)}`;
  let instance = FORMATTERS.get(key) as Instance | undefined;
  if (!instance) {
    instance = new Constructor(locale, options);
    FORMATTERS.set(key, instance);
  }
  return instance;
}

const COUNT_UNITS: [number, string][] = [
  [1e9, "B"],
  [1e6, "M"],
  [1e3, "K"],
];

/** 999 → "999", 1234 → "1.2K", 1_000_000 → "1M", 2_560_000_000 → "2.6B" (one decimal, no ".0"). */
export function formatCount(value: number): string {
  const sign = value < 0 ? "-" : "";
  const abs = Math.abs(value);
  for (const [unit, suffix] of COUNT_UNITS) {
    if (abs >= unit) {
      // Truncate, not round: 999 950 is "999.9K", never "1000.0K".
      const scaled = Math.floor((abs / unit) * 10) / 10;
      return `${sign}${scaled.toFixed(scaled % 1 === 0 ? 0 : 1)}${suffix}`;
    }
  }
  return `${sign}${Math.floor(abs)}`;
}

const MINUTES = { hour: 60, day: 1440, month: 43_200 } as const;

/** A duration given in minutes, in the largest unit that fits: "45 min", "3 h", "2 days", "5 months". */
export function formatMinutes(minutes: number, locale?: string): string {
  const unit = minutes >= MINUTES.month ? "month" : minutes >= MINUTES.day ? "day" : minutes >= MINUTES.hour ? "hour" : "minute";
  const amount = unit === "minute" ? minutes : minutes / MINUTES[unit];
  return formatter(Intl.NumberFormat, locale, { style: "unit", unit, unitDisplay: unit === "minute" || unit === "hour" ? "short" : "long", maximumFractionDigits: 1 }).format(amount);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.345],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "just now", "5 min. ago", "3 hr. ago", "yesterday", "2 wk. ago"… relative to `now`. */
export function formatRelative(date: Date | string | number, now: Date = new Date(), locale?: string): string {
  const time = new Date(date).getTime();
  let delta = (time - now.getTime()) / 1000;
  if (Math.abs(delta) < 45) return formatter(Intl.RelativeTimeFormat, locale, { numeric: "auto" }).format(0, "second");
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(delta) < size) {
      return formatter(Intl.RelativeTimeFormat, locale, { numeric: "auto", style: "short" }).format(Math.round(delta), unit);
    }
    delta /= size;
  }
  return new Date(time).toLocaleDateString(locale);
}

/** A full date and time for tooltips and the reader header. */
export function formatDateTime(date: Date | string | number, locale?: string): string {
  const value = new Date(date);
  if (datePattern === "default") return formatter(Intl.DateTimeFormat, locale, { dateStyle: "medium", timeStyle: "short" }).format(value);
  return `${formatDatePattern(value, datePattern)} ${formatter(Intl.DateTimeFormat, locale, { timeStyle: "short" }).format(value)}`;
}

/** The date pattern of the dateFormat setting: "default" (the language's own) or YYYY/MM/DD tokens. */
let datePattern = "default";

/** Sets the pattern absolute dates are written in (the appearance settings call it). */
export function setDatePattern(pattern: string): void {
  datePattern = pattern || "default";
}

/** `date` written with the tokens YYYY, MM and DD of `pattern`; anything else is kept as it is. */
export function formatDatePattern(date: Date, pattern: string): string {
  const parts: Record<string, string> = {
    YYYY: String(date.getFullYear()).padStart(4, "0"),
    MM: String(date.getMonth() + 1).padStart(2, "0"),
    DD: String(date.getDate()).padStart(2, "0"),
  };
  return pattern.replace(/YYYY|MM|DD/g, (token) => parts[token]!);
}

/** The day heading of a timeline group: "Today", "Yesterday", a weekday this week, else a date. */
export function formatDay(date: Date | string | number, now: Date = new Date(), locale?: string): string {
  const day = startOfDay(new Date(date));
  const today = startOfDay(now);
  const days = Math.round((today.getTime() - day.getTime()) / 86_400_000);
  if (days >= 0 && days <= 1) return formatter(Intl.RelativeTimeFormat, locale, { numeric: "auto" }).format(-days, "day");
  const sameYear = day.getFullYear() === today.getFullYear();
  return formatter(Intl.DateTimeFormat, locale, { weekday: "long", month: "long", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) }).format(day);
}

/** Midnight (local time) of a date: the key of date groups. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}
