import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./client.ts";

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement of its connection: PostgreSQL parses (and, once
 * it settles on a generic plan, plans) it once per connection instead of at every run. For the
 * statements a refresh runs once per feed, whose SQL stays the same from feed to feed (the rows
 * travel as parameters): the store statement is a dozen CTEs whose parsing and planning cost
 * PostgreSQL a tenth of a refresh's time. The name is the SQL's digest, so two texts never share
 * one. Answers what `execute` does.
 */
export function executePrepared(executor: Executor, query: SQL): ReturnType<Executor["execute"]> {
  const built = dialect.sqlToQuery(query);
  const name = `tidings_${createHash("sha1").update(built.sql).digest("hex").slice(0, 24)}`;
  return executor._.session.prepareQuery(built, undefined, name, false).execute() as ReturnType<Executor["execute"]>;
}
