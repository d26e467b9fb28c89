/**
 * What a server or worker says when the PostgreSQL of DATABASE_URL cannot be used at start: which
 * server, and what to check, instead of a bare "connect ECONNREFUSED". null: not a connection
 * problem, or no DATABASE_URL (the caller reports the error as it is).
 */
export function describeConnectionError(error: unknown, databaseUrl: string | null): string | null {
  if (databaseUrl === null) return null;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  let where = "DATABASE_URL";
  try {
    const url = new URL(databaseUrl);
    where = `the PostgreSQL server of DATABASE_URL (${url.hostname || "localhost"}:${url.port || "5432"}${url.pathname})`;
  } catch {
    // Not a URL: "DATABASE_URL" says enough.
  }
  const reasons: Record<string, string> = {
    ECONNREFUSED: "nothing accepts connections there: is PostgreSQL running, on that host and port?",
    ENOTFOUND: "its host name is not known: check the host part of DATABASE_URL.",
    EAI_AGAIN: "its host name could not be looked up (DNS): check the host part of DATABASE_URL and the network.",
    ETIMEDOUT: "the connection timed out: is the host reachable from here (firewall, network)?",
    EHOSTUNREACH: "the host cannot be reached from here (network).",
    ENETUNREACH: "the network of that host cannot be reached from here.",
    "28P01": "PostgreSQL refused the password: check the user and password in DATABASE_URL.",
    "28000": "PostgreSQL refused this user (pg_hba.conf, or no such role): check the user in DATABASE_URL.",
    "3D000": "that database does not exist: create it (createdb) or fix the name in DATABASE_URL.",
  };
  const reason = code ? reasons[code] : undefined;
  if (!reason && !/timeout expired|Connection terminated/i.test(message ?? "")) return null;
  return `Cannot use ${where}: ${reason ?? `the connection failed (${message}).`} The server needs a PostgreSQL 15+ database: postgres://user:password@host:5432/db, or no DATABASE_URL for the embedded one.`;
}
