import { parseTimeToSeconds } from "@tidings/utils";

/**
 * Seconds of an attachment's duration, whatever form the feed gave it in: a number of seconds
 * (`duration_in_seconds`) or an iTunes duration string `h:mm:ss`, `mm:ss`, `m:ss` or plain seconds
 * (spec §5). Anything unusable gives `null`, so callers can tell "unknown" from "zero".
 *
 * @example parseDuration("1:02:03") // 3723
 */
export function parseDuration(value: string | number | null | undefined): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string") return null;
  return parseTimeToSeconds(value);
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * A playback time as the player shows it: `m:ss` under an hour, `h:mm:ss` from one hour. Fractions
 * are dropped and unusable values (NaN, Infinity from live streams, negatives) read as `0:00`, so a
 * media element's raw numbers can be passed straight in.
 *
 * @example formatDuration(3723) // "1:02:03"
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}
