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

const digit = (text: string, at: number) => {
  const value = text.charCodeAt(at) - 48;
  return value >= 0 && value <= 9 ? value : Number.NaN;
};
const digits = (text: string, at: number, count: number) => {
  let value = 0;
  for (let i = at; i < at + count; i++) value = value * 10 + digit(text, i);
  return value;
};
const isLetter = (text: string, at: number) => {
  const code = text.charCodeAt(at) | 0x20;
  return code >= 0x61 && code <= 0x7a;
};
const ZONE = /^(?:[+-]\d{2}:?\d{2}|[a-z]{1,5})$/i;

/**
 * The two forms nearly every feed writes, read without regular expressions: RFC 822
 * "Sat, 07 Sep 2002 00:00:01 GMT" (or +0200) and ISO 8601 "2002-09-07T00:00:01(.123)(Z|+02:00)".
 * Undefined for anything else, which the general readers below then parse (to the same result).
 */
function parseCommon(text: string): number | null | undefined {
  const length = text.length;
  if (length >= 19 && text.charCodeAt(4) === 0x2d /* - */ && text.charCodeAt(7) === 0x2d && text.charCodeAt(10) === 0x54 /* T */ && text.charCodeAt(13) === 0x3a && text.charCodeAt(16) === 0x3a) {
    let end = 19;
    let ms = 0;
    if (text.charCodeAt(end) === 0x2e /* . */) {
      while (!Number.isNaN(digit(text, end + 1))) end++;
      if (end === 19) return undefined;
      ms = Math.round(Number(`0.${text.slice(20, end + 1)}`) * 1000);
      end++;
    }
    const zone = text.slice(end);
    if (zone !== "" && zone !== "Z" && !/^[+-]\d{2}:?\d{2}$/.test(zone)) return undefined;
    const offset = zoneOffset(zone || undefined);
    const fields = [digits(text, 0, 4), digits(text, 5, 2), digits(text, 8, 2), digits(text, 11, 2), digits(text, 14, 2), digits(text, 17, 2)];
    if (offset === null || fields.some(Number.isNaN)) return undefined;
    return build(fields[0]!, fields[1]! - 1, fields[2]!, fields[3], fields[4], fields[5], ms, offset) ?? undefined;
  }
  if (length >= 26 && text.charCodeAt(3) === 0x2c /* , */ && text.charCodeAt(4) === 0x20 && isLetter(text, 0) && isLetter(text, 1) && isLetter(text, 2)) {
    const day = text.charCodeAt(6) === 0x20 ? 5 : 6; // where the day's last digit is
    const at = day + 2; // the month
    if (text.charCodeAt(day + 1) !== 0x20 || text.charCodeAt(at + 3) !== 0x20 || text.charCodeAt(at + 8) !== 0x20) return undefined;
    if (text.charCodeAt(at + 11) !== 0x3a || text.charCodeAt(at + 14) !== 0x3a || text.charCodeAt(at + 17) !== 0x20) return undefined;
    const month = MONTHS[text.slice(at, at + 3).toLowerCase()];
    const zone = text.slice(at + 18);
    if (month === undefined || !ZONE.test(zone)) return undefined;
    const offset = zoneOffset(zone);
    const fields = [digits(text, at + 4, 4), digits(text, 5, day - 4), digits(text, at + 9, 2), digits(text, at + 12, 2), digits(text, at + 15, 2)];
    if (offset === null || fields.some(Number.isNaN)) return undefined;
    return build(fields[0]!, month, fields[1]!, fields[2], fields[3], fields[4], 0, offset) ?? undefined;
  }
  return undefined;
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
  const trimmed = raw.trim();
  const common = parseCommon(trimmed);
  if (common !== undefined) return common;
  const text = trimmed.replace(/\s+/g, " ");
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
