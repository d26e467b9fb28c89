/** Milliseconds of `Retry-After` (seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/** Milliseconds of a `Cache-Control: max-age` (or s-maxage), or null; `no-cache`/`no-store` give null. */
export function maxAgeMs(cacheControl: string | undefined): number | null {
  if (!cacheControl) return null;
  const match = /(?:^|,)\s*(?:s-)?max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl);
  return match ? Number(match[1]) * 1000 : null;
}

/** Milliseconds until `Expires`, or null when absent, invalid or in the past. */
export function expiresMs(expires: string | undefined, now: number): number | null {
  if (!expires) return null;
  const date = Date.parse(expires);
  return Number.isFinite(date) && date > now ? date - now : null;
}
