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
