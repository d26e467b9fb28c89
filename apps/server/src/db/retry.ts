/** PostgreSQL errors that mean "run the transaction again": deadlock, serialisation failure. */
const RETRYABLE = new Set(["40P01", "40001"]);

/**
 * Runs `work`, running it again (up to 4 times, after a short random pause) when PostgreSQL
 * aborted it to break a deadlock or a serialisation conflict between concurrent writers.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** A unique constraint refused the write (PostgreSQL 23505): the row is there already. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505";
}

/** What a failure says about where the data lives: the database is away, or the disk is full. */
export type StorageFault = "unavailable" | "full";

/** SQLSTATEs of a database that cannot be reached now: class 08 (connection), shutdown, start-up. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03)$/;
/** Errors of a connection that could not be made or was lost (Node's, and node-postgres's messages). */
const UNAVAILABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const UNAVAILABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|not queryable|the database system is (starting up|shutting down|in recovery mode)/i;
/** disk_full and the out-of-space errors of the file system (PostgreSQL: "could not extend file …"). */
const FULL_STATES = new Set(["53100"]);
const FULL_ERRNOS = new Set(["ENOSPC", "EDQUOT"]);
const FULL_MESSAGE = /No space left on device|could not extend file|Disk quota exceeded/i;

/**
 * Whether `error` (or one of its causes: Drizzle wraps the driver's error) means the database is
 * unreachable or the disk under the data is full; null for any other failure.
 */
export function storageFault(error: unknown): StorageFault | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 6; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    const text = typeof message === "string" ? message : "";
    if (typeof code === "string" && (FULL_STATES.has(code) || FULL_ERRNOS.has(code))) return "full";
    if (FULL_MESSAGE.test(text)) return "full";
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return "unavailable";
    // A Unix socket that is not there: the embedded PostgreSQL is stopped or being restarted.
    if (code === "ENOENT" && (current as { syscall?: unknown }).syscall === "connect") return "unavailable";
    if (UNAVAILABLE_MESSAGE.test(text)) return "unavailable";
  }
  return null;
}
