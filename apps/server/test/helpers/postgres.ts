import { inject } from "vitest";

/**
 * The PostgreSQL server the tests use: the run's embedded one (test/global-setup.ts), or
 * TEST_DATABASE_URL's. Tests create and drop their own databases on it.
 */
export function adminUrl(): string {
  return inject("dbAdminUrl");
}

/** The URL of database `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
