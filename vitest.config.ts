import { defineConfig } from "vitest/config";

// One Vitest run covers every workspace. The server's database tests run twice, once per
// database driver, as two projects that differ only in TEST_DB.
export default defineConfig({
  test: {
    projects: [
      { test: { name: "packages", include: ["packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server:pglite",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          env: { TEST_DB: "pglite" },
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server:postgres",
          root: "apps/server",
          include: ["test/**/*.test.ts"],
          env: { TEST_DB: "postgres" },
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
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
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
