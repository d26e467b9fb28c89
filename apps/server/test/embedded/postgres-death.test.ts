import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp, isAlive, makeDataDir, postmasterPid, readyz, type ServerProcess, sessionUser, signIn, signUp, startServer, waitForEnd, waitReady } from "./server-process.ts";

/**
 * The embedded PostgreSQL dies under a running server (kill -9, the OOM killer): /readyz says so
 * at once, the server restarts it, PostgreSQL replays its WAL, and every committed row is there.
 */
describe("the embedded PostgreSQL, when it dies under a running server", () => {
  const servers: ServerProcess[] = [];
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = await makeDataDir("postgres-death");
    server = await startServer(dataDir);
    servers.push(server);
    await waitReady(server);
  }, 90_000);

  afterAll(async () => {
    await cleanUp(servers, dataDir ? [dataDir] : []);
  }, 60_000);

  it("answers 503 on /readyz within 5 s, restarts PostgreSQL, answers 200 again, and has every row committed before", async () => {
    // Committed, and only in the WAL: no checkpoint has run since (checkpoint_timeout is minutes).
    const account = await signUp(server, "death@example.com", "Death");
    const before = await postmasterPid(dataDir);
    expect(before).not.toBeNull();
    expect(isAlive(before!)).toBe(true);

    const killedAt = performance.now();
    process.kill(before!, "SIGKILL");
    expect(await waitForEnd(before!, 5000)).toBe(true);

    // Down: 503 with the reason, within 5 s of the kill.
    let down: { status: number; body: string } | null = null;
    while (performance.now() - killedAt < 5000) {
      const answer = await readyz(server);
      if (answer.status === 503) {
        down = answer;
        break;
      }
      await sleep(25);
    }
    const downMs = Math.round(performance.now() - killedAt);
    expect(down, "no 503 from /readyz within 5 s of the kill").not.toBeNull();
    expect(JSON.parse(down!.body)).toMatchObject({ status: "not ready", reason: expect.any(String) });

    // Up again: 200, on a new postmaster. Meanwhile the reason is the server's own: its PostgreSQL
    // is being restarted (not only a failed query).
    const reasons = new Set<string>([JSON.parse(down!.body).reason as string]);
    let up = false;
    while (performance.now() - killedAt < 60_000) {
      const answer = await readyz(server);
      if (answer.status === 200) {
        up = true;
        break;
      }
      if (answer.status === 503) reasons.add((JSON.parse(answer.body) as { reason: string }).reason);
      await sleep(25);
    }
    const upMs = Math.round(performance.now() - killedAt);
    expect(up, `/readyz did not answer 200 within 60 s of the kill:\n${server.output()}`).toBe(true);
    console.log(`postgres-death: /readyz answered 503 ${downMs} ms after the kill, and 200 again ${upMs} ms after it (PostgreSQL restarted and recovered from its WAL); reasons given meanwhile: ${[...reasons].join(" | ")}`);
    expect([...reasons].some((reason) => /embedded PostgreSQL ended .*restarted/.test(reason)), [...reasons].join("\n")).toBe(true);
    expect(server.child.exitCode).toBeNull();
    const after = await postmasterPid(dataDir);
    expect(after).not.toBeNull();
    expect(after).not.toBe(before);
    expect(isAlive(after!)).toBe(true);
    expect(server.logLines().some((line) => line.msg === "the embedded PostgreSQL was restarted")).toBe(true);

    // The rows committed before the kill: the account signs in, its session is valid.
    expect(await signIn(server, "death@example.com")).toMatchObject({ status: 200, userId: account.userId });
    expect(await sessionUser(server, account.cookie)).toBe(account.userId);
    // And the database takes writes again.
    const another = await signUp(server, "after@example.com", "After");
    expect(await sessionUser(server, another.cookie)).toBe(another.userId);
  }, 90_000);
});
