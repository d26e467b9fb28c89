/**
 * The PostgreSQL server the tests use: `TEST_DATABASE_URL`, by default the local server with
 * trust authentication. Tests create and drop their own databases on it.
 */
export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
