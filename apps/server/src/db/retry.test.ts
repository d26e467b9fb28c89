import { describe, expect, it } from "vitest";
import { storageFault } from "./retry.ts";

/** An error as Drizzle throws it: its own "Failed query" wrapping the driver's. */
const wrapped = (cause: unknown) => Object.assign(new Error("Failed query: INSERT INTO collections …\nparams: 1"), { cause });
const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("storageFault", () => {
  it.each([
    ["a refused connection", wrapped(errno("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")), "unavailable"],
    ["a connection lost mid-query", wrapped(new Error("Connection terminated unexpectedly")), "unavailable"],
    ["PostgreSQL's fast shutdown (57P01)", wrapped(errno("57P01", "terminating connection due to administrator command")), "unavailable"],
    ["PostgreSQL starting up (57P03)", errno("57P03", "the database system is starting up"), "unavailable"],
    ["a connection exception (08006)", errno("08006", "connection failure"), "unavailable"],
    ["the pool's connect timeout", wrapped(new Error("timeout exceeded when trying to connect")), "unavailable"],
    ["disk_full (53100)", wrapped(errno("53100", 'could not extend file "base/16384/16385": No space left on device')), "full"],
    ["a file write on a full disk", errno("ENOSPC", "ENOSPC: no space left on device, write"), "full"],
    ["a quota", errno("EDQUOT", "EDQUOT: disk quota exceeded"), "full"],
    ["the embedded PostgreSQL's socket gone (stopped, restarting)", wrapped(Object.assign(errno("ENOENT", "connect ENOENT /data/postgres/.s.PGSQL.5432"), { syscall: "connect" })), "unavailable"],
    ["a message without a code", new Error("could not write to file \"pg_wal/xlogtemp.12\": No space left on device"), "full"],
  ])("%s is %s", (_name, error, fault) => {
    expect(storageFault(error)).toBe(fault);
  });

  it.each([
    ["a unique violation", wrapped(errno("23505", "duplicate key value violates unique constraint"))],
    ["a syntax error", errno("42601", "syntax error at or near")],
    ["a closed pool (the server is stopping)", new Error("Cannot use a pool after calling end on the pool")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a missing file", Object.assign(errno("ENOENT", "ENOENT: no such file or directory, open 'x'"), { syscall: "open" })],
    ["not an error", "ECONNREFUSED"],
  ])("%s is no storage fault", (_name, error) => {
    expect(storageFault(error)).toBeNull();
  });
});
