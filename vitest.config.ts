import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The server's database tests run on PostgreSQL: the
// embedded one the product runs (started once by the server project's global setup), or
// TEST_DATABASE_URL's.
//
// Two test files run at once (Vitest's default on 2 cores is one): a server test file keeps a
// core only ~60% busy (it waits on PostgreSQL, timers and sockets), so the pair finishes the server
// projects in about two thirds of the time. The server and script files share their worker's
// module cache (isolate: false): each builds its own app, database and processes, and importing
// the server anew for every file was a fifth of the run. The browser tests run after everything
// else, one file at a time (sequence.groupOrder).
export default defineConfig({
  test: {
    maxWorkers: 2,
    // The time of each project and the 20 slowest files, at the end of every run.
    reporters: ["default", "./scripts/slowest-files.ts"],
    projects: [
      { test: { name: "packages", include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node", isolate: false } },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          isolate: false,
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      { test: { name: "desktop", root: "apps/desktop", include: ["test/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser test that loses a race on a loaded machine gets one more go; one that fails
          // twice fails the run.
          retry: 1,
          // One browser test file at a time: they share one server, and what is instance-wide
          // (trending, counts of followers) must not move under another file's feet.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
