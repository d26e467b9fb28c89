// RSSHub instance checks on the shared claim loop: two processes' checkers running at once check
// each due instance once (claimed in the database under a lease), and stop cleanly.

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/client.ts";
import { rsshubInstances } from "../../src/db/schema/index.ts";
import { createRoot, type Root } from "../../src/root.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";

let t: TestApp;
let second: Root;

beforeAll(async () => {
  // Nothing listens on port 9: every check ends at once, "unavailable" (the default instance's too).
  t = await createTestApp({ RSSHUB_URL: "http://127.0.0.1:9", RSSHUB_CHECK_MINUTES: "60" });
  second = createRoot({ config: t.deps.config, logger: t.deps.logger, database: t.database, authSecret: t.deps.secret });
});
afterAll(async () => {
  await second.feedReaders.close();
  second.network.close();
  await (second as { rateCounter?: { close(): Promise<void> } }).rateCounter?.close();
  await t.close();
});

describe("RSSHub checks with two processes", () => {
  it("check each due instance once, whichever process claims it", async () => {
    const { userId } = await signUp(t, { email: "admin@example.com" });
    const due = new Date(Date.now() - 60_000);
    await t.deps.db.insert(rsshubInstances).values(Array.from({ length: 20 }, (_, i) => ({ id: t.deps.ids.next(), ownerUserId: userId, baseUrl: `http://127.0.0.1:9/hub${i}`, nextCheckAt: due })));
    const checkers = [t.deps.rsshub.checker, second.rsshub.checker];
    for (const checker of checkers) checker.start();
    const checked = async () => rowsOf<{ n: number }>(await t.deps.db.execute(sql`SELECT count(*)::int AS n FROM rsshub_instances WHERE checked_at IS NOT NULL`))[0]!.n;
    await expect.poll(checked, { timeout: 15_000 }).toBe(20);
    await Promise.all(checkers.map((checker) => checker.stop()));
    const rows = await t.deps.db.select().from(rsshubInstances);
    // One failed check each: a second one in the same cycle would have counted two.
    expect(rows.map((row) => [row.status, row.errorCount])).toEqual(Array(20).fill(["unavailable", 1]));
    expect(rows.every((row) => row.nextCheckAt.getTime() > Date.now() + 59 * 60_000)).toBe(true);
    // Each process checked the default instance itself (its health is the process's own).
    for (const checker of checkers) expect(checker.health()).toMatchObject({ status: "unavailable", checkedAt: expect.any(Date) });
    expect(await t.deps.rsshub.checker.checkDue()).toBe(0);
  });
});
