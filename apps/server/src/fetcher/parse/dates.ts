const MONTHS: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
  // Common non-English abbreviations seen in real feeds (German, French, Spanish, Dutch, Italian).
  mär: 2, mrz: 2, mai: 4, okt: 9, dez: 11, janv: 0, févr: 1, fevr: 1, mars: 2, avr: 3, juin: 5, juil: 6,
  août: 7, aout: 7, déc: 11, ene: 0, abr: 3, ago: 7, dic: 11, mrt: 2, mei: 4, gen: 0, mag: 4, giu: 5, lug: 6, set: 8, ott: 9,
};

/** Time-zone names of RFC 822 and common US abbreviations, in minutes east of UTC. */
const ZONES: Record<string, number> = {
  ut: 0, utc: 0, gmt: 0, z: 0, wet: 0, bst: 60, cet: 60, met: 60, cest: 120, mest: 120, eet: 120, eest: 180,
  est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420,
  akst: -540, akdt: -480, hst: -600, ist: 330, jst: 540, kst: 540, aest: 600, aedt: 660, nzst: 720, nzdt: 780,
};

const ISO =
  /^(\d{4})-?(\d{2})(?:-?(\d{2}))?(?:[T\s]+(\d{1,2}):?(\d{2})(?::?(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|UTC|GMT)?$/i;

const RFC822 =
  /^(?:[a-zäöüéû]{2,}\.?,?\s*)?(\d{1,2})[\s-]+([a-zäöüéû]{3,5})\.?[\s-]+(\d{2,4})(?:[\sT,]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(?:([+-]\d{2}:?\d{2}|[a-z]{1,5})(?:\s*\(.*\))?)?$/i;

/** `Mon DD YYYY hh:mm:ss zone` and `Mon, DD YYYY`: month-first forms some generators write. */
const MONTH_FIRST =
  /^(?:[a-z]{2,}\.?,?\s*)?([a-z]{3,5})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:[\s,]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*([+-]\d{2}:?\d{2}|[a-z]{1,5})?$/i;

function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (numeric) {
    const minutes = Number(numeric[2]) * 60 + Number(numeric[3] ?? 0);
    return numeric[1] === "-" ? -minutes : minutes;
  }
  const named = ZONES[zone.toLowerCase()];
  if (named !== undefined) return named;
  // Military single letters other than Z are ambiguous in practice (RFC 1123 says treat as 0).
  return /^[a-y]$/i.test(zone) ? 0 : null;
}

function fullYear(year: string): number {
  const value = Number(year);
  if (year.length > 2) return value;
  return value < 50 ? 2000 + value : 1900 + value;
}

function build(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0, offsetMinutes = 0): number | null {
  if (mo < 0 || mo > 11 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 60) return null;
  const time = Date.UTC(y, mo, d, h, mi, s, ms) - offsetMinutes * 60_000;
  return Number.isFinite(time) ? time : null;
}

function parseIso(text: string): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const offset = zoneOffset(zone);
  if (offset === null) return null;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  return build(Number(y), Number(mo) - 1, Number(d ?? 1), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms, offset);
}

function parseNamedMonth(day: string, month: string, year: string, h?: string, mi?: string, s?: string, zone?: string) {
  const mo = MONTHS[month.toLowerCase()] ?? MONTHS[month.toLowerCase().slice(0, 3)];
  const offset = zoneOffset(zone);
  if (mo === undefined || offset === null) return null;
  return build(fullYear(year), mo, Number(day), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), 0, offset);
}

/**
 * Milliseconds since the epoch of a feed date, or `null`. Reads RFC 822/1123 dates with their
 * variants (missing weekday or seconds, two-digit years, named and numeric zones, non-English
 * month abbreviations), ISO 8601 / W3C-DTF (with or without separators, zone or time; a date
 * without a zone is UTC), month-first forms, and as a last resort whatever `Date.parse` accepts.
 *
 * @example parseFeedDate("Sat, 07 Sep 2002 00:00:01 GMT") // 1031356801000
 */
export function parseFeedDate(raw: string | null | undefined): number | null {
  if (!raw) return null;
  const text = raw.trim().replace(/\s+/g, " ");
  if (!text) return null;
  const iso = parseIso(text);
  if (iso !== null) return iso;
  const rfc = RFC822.exec(text);
  if (rfc) {
    const result = parseNamedMonth(rfc[1]!, rfc[2]!, rfc[3]!, rfc[4], rfc[5], rfc[6], rfc[7]);
    if (result !== null) return result;
  }
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) {
    const result = parseNamedMonth(monthFirst[2]!, monthFirst[1]!, monthFirst[3]!, monthFirst[4], monthFirst[5], monthFirst[6], monthFirst[7]);
    if (result !== null) return result;
  }
  if (/^\d{9,13}$/.test(text)) {
    const value = Number(text);
    return text.length > 11 ? value : value * 1000;
  }
  const fallback = Date.parse(text);
  return Number.isFinite(fallback) ? fallback : null;
}
