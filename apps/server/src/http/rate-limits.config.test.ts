import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../env.ts";

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, "/srv");
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig: where the rate limits count", () => {
  it("counts in the database by default, and when REDIS_URL is empty", () => {
    expect(loadConfig({}, "/srv").rateLimits).toMatchObject({ redisUrl: undefined, redisKeyPrefix: "tidings:" });
    expect(loadConfig({ REDIS_URL: " " }, "/srv").rateLimits.redisUrl).toBeUndefined();
  });

  it("reads a Redis URL (TLS, credentials and database number included) and a key prefix", () => {
    expect(loadConfig({ REDIS_URL: "rediss://user:secret@cache.internal:6380/2", REDIS_KEY_PREFIX: "news:" }, "/srv").rateLimits).toMatchObject({
      redisUrl: "rediss://user:secret@cache.internal:6380/2",
      redisKeyPrefix: "news:",
    });
  });

  it("refuses a URL that is no Redis URL, naming REDIS_URL", () => {
    expect(problems({ REDIS_URL: "http://cache.internal:6379" })).toEqual(['REDIS_URL must be a redis:// or rediss:// URL (got "http://cache.internal:6379")']);
    expect(problems({ REDIS_URL: "cache.internal:6379" })).toEqual(['REDIS_URL must be a redis:// or rediss:// URL (got "cache.internal:6379")']);
    expect(problems({ REDIS_URL: "redis://cache.internal/sessions" })).toEqual(['REDIS_URL\'s database must be a number, as in redis://host:6379/0 (got "redis://cache.internal/sessions")']);
  });
});
