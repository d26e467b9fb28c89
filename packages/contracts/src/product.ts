/** Facts about the product that server, web client and tests share. */
export const PRODUCT = {
  name: "Tidings",
  /** The product version (spec §1). */
  version: "0.5.0",
  /** Where the source and the issue tracker live. */
  repositoryUrl: "https://github.com/tidings-reader/tidings",
  /** Prefix of every key the web client keeps in local storage (spec §7). */
  storagePrefix: "tidings:",
} as const;

/** Path of the better-auth handler, under the API root. */
export const AUTH_BASE_PATH = "/api/better-auth";

/** Session cookie lifetime: 400 days (spec §9). */
export const SESSION_MAX_AGE_SECONDS = 34_560_000;

/** Roles a session carries (spec §6). */
export const ROLES = ["trial", "user"] as const;
export type Role = (typeof ROLES)[number];
