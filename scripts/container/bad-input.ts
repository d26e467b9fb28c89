// What the image says when it cannot run: a DATABASE_URL that points nowhere, a data volume its
// user cannot write. Each ends the container at once with a message that says what to fix.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "@tidings/server/testing";
import { check, log, step } from "./checks.ts";
import { run } from "./docker.ts";

async function runToEnd(args: string[]): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  // `timeout`: a container that does not end (retrying without a word) fails the check below.
  const result = await run("timeout", ["90", "docker", "run", "--rm", "--network", "host", ...args]);
  return { code: result.code, output: result.stdout + result.stderr, seconds: (performance.now() - started) / 1000 };
}

export async function badInput(image: string): Promise<void> {
  await step("a DATABASE_URL that points nowhere: a clear message, exit 1", async () => {
    const port = await freePort();
    const ended = await runToEnd(["-e", `PORT=${port}`, "-e", `DATABASE_URL=postgres://tidings:secret@127.0.0.1:${await freePort()}/tidings`, image]);
    log(`ended in ${ended.seconds.toFixed(1)} s with ${ended.code}`);
    check(ended.code === 1, `the container ended with ${ended.code}:\n${ended.output.slice(-1500)}`);
    check(ended.output.includes("Cannot use the PostgreSQL server of DATABASE_URL") && ended.output.includes("is PostgreSQL running"), `no clear message:\n${ended.output.slice(-1500)}`);
    check(!ended.output.includes("secret"), "the message shows the database password");
  });

  await step("a data volume the node user cannot write: a clear message, exit 1", async () => {
    if (process.getuid?.() === 1000) return log("skipped: this test's user is the image's (uid 1000), so its directories are the node user's");
    const dir = mkdtempSync(path.join(tmpdir(), "tidings-readonly-"));
    try {
      // Owned by whoever runs the test (root in CI), writable by nobody else.
      chmodSync(dir, 0o755);
      const ended = await runToEnd(["-e", `PORT=${await freePort()}`, "-v", `${dir}:/data`, image]);
      log(`ended in ${ended.seconds.toFixed(1)} s with ${ended.code}`);
      check(ended.code === 1, `the container ended with ${ended.code}:\n${ended.output.slice(-1500)}`);
      check(/DATA_DIR \/data is not writable by user node \(uid 1000\)/.test(ended.output) && ended.output.includes("chown -R 1000:1000"), `no clear message:\n${ended.output.slice(-1500)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
