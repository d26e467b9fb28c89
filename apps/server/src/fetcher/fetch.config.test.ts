import { describe, expect, it } from "vitest";
import { fetchConfig, fetchEnv, jobsInThread } from "./fetch.config.ts";
import { z } from "zod";

const configOf = (env: Record<string, string>) => fetchConfig(z.object(fetchEnv).parse(env));
const GiB = 1024 ** 3;

describe("where the server runs its background jobs", () => {
  it("by default: in a thread of their own on the embedded database from 1 GiB of memory; on the server's thread otherwise", () => {
    const config = configOf({});
    expect(config.jobsThread).toBeNull();
    expect(jobsInThread(config, true, 2 * GiB)).toBe(true);
    expect(jobsInThread(config, true, 0.5 * GiB)).toBe(false);
    expect(jobsInThread(config, false, 8 * GiB)).toBe(false);
  });

  it("as JOBS_THREAD says when it is set, and refuses a value that is no boolean", () => {
    expect(jobsInThread(configOf({ JOBS_THREAD: "true" }), false, 0.5 * GiB)).toBe(true);
    expect(jobsInThread(configOf({ JOBS_THREAD: "false" }), true, 8 * GiB)).toBe(false);
    expect(() => configOf({ JOBS_THREAD: "sometimes" })).toThrow(/JOBS_THREAD/);
  });
});
