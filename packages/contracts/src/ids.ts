/**
 * Snowflake ids (spec §3, §9): 41 bits of milliseconds since {@link ID_EPOCH_MS}, then 10 bits of
 * worker id and 12 bits of sequence. Ids are sent as decimal strings, since they do not fit a JS
 * number, and stored as PostgreSQL `bigint`.
 */
export const ID_EPOCH_MS = 1712546615000;

const TIME_SHIFT = 22n;
const WORKER_BITS = 10;
const SEQUENCE_BITS = 12;
const MAX_WORKER = (1 << WORKER_BITS) - 1;
const MAX_SEQUENCE = (1 << SEQUENCE_BITS) - 1;
const MAX_TIME = 2 ** 41 - 1;
const MAX_INT64 = 2n ** 63n - 1n;
const ID_PATTERN = /^[1-9]\d{12,18}$/;
const MIN_YEAR = 2024;
const MAX_YEAR = 2050;

/** The millisecond timestamp encoded in an id (no validation). */
export function idTimestamp(id: string | bigint): number {
  return Number(BigInt(id) >> TIME_SHIFT) + ID_EPOCH_MS;
}

/**
 * True when `value` is a valid id: 13 to 19 digits, within signed 64-bit, and encoding a time in
 * the years 2024 to 2050 (UTC).
 */
export function isValidId(value: unknown): value is string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) return false;
  const big = BigInt(value);
  if (big > MAX_INT64) return false;
  const year = new Date(idTimestamp(big)).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/**
 * The smallest id that can be generated at `ms`: ids compare like their creation times, so this
 * turns a time bound into an id bound.
 */
export function idFloorAt(ms: number): string {
  const offset = Math.max(0, Math.min(MAX_TIME, Math.floor(ms) - ID_EPOCH_MS));
  return (BigInt(offset) << TIME_SHIFT).toString();
}

export interface IdGenerator {
  /** A new id, strictly greater than every id this generator returned before. */
  next(): string;
}

/**
 * A generator of ids for one process. Two processes writing to one database must use different
 * `workerId`s (0 to 1023). The clock may go backwards; ids stay increasing. When one millisecond's
 * 4096 sequence numbers run out, the generator borrows the next millisecond instead of waiting.
 *
 * @example const ids = createIdGenerator({ workerId: 1 }); ids.next() // "357914460307193857"
 */
export function createIdGenerator(options: { workerId: number; now?: () => number }): IdGenerator {
  const { workerId } = options;
  const now = options.now ?? Date.now;
  if (!Number.isInteger(workerId) || workerId < 0 || workerId > MAX_WORKER) {
    throw new RangeError(`workerId must be an integer from 0 to ${MAX_WORKER}`);
  }
  let lastTime = -1;
  let sequence = 0;
  return {
    next() {
      const time = Math.max(now() - ID_EPOCH_MS, lastTime);
      if (time < 0 || time > MAX_TIME) throw new RangeError("The clock is outside the id time range");
      if (time === lastTime) {
        sequence = (sequence + 1) & MAX_SEQUENCE;
        if (sequence === 0) lastTime = time + 1;
      } else {
        lastTime = time;
        sequence = 0;
      }
      return (
        (BigInt(lastTime) << TIME_SHIFT) |
        (BigInt(workerId) << BigInt(SEQUENCE_BITS)) |
        BigInt(sequence)
      ).toString();
    },
  };
}
