import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Wallet } from "@tidings/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entries, feeds } from "../../src/db/schema/index.ts";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from "../helpers/app.ts";
import { freePort } from "../helpers/free-port.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";

const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const SECRET = "test-secret-".padEnd(40, "x");

async function startServerProcess(databaseUrl: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET, SCHEDULER: "false", POWER_BOOST_MONTHLY_COST: "1", LOG_LEVEL: "warn", WEB_URL: TEST_ORIGIN },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
}

describe("POWER with two server processes on one PostgreSQL", () => {
  let t: TestApp;
  let feedServer: FeedServer;
  let dataDir: string;
  const servers: { url: string; child: ChildProcess }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone" });
    feedServer = await startFeedServer();
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-power-"));
  });
  afterAll(async () => {
    await Promise.all(servers.map(({ child }) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM"))))));
    await feedServer.close();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("lets exactly 10 of 50 parallel tips and boosts through from a wallet holding 10, split over both processes; the books balance", async () => {
    const admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
    const spender = await signUp(t, { email: "spender@example.com" });
    feedServer.set("/f.xml", { body: rssFeed({ title: "F", items: [{ guid: "1", title: "One" }] }) });
    expect((await apiAs(t, spender.cookie).post("/subscriptions", { url: feedServer.url("/f.xml"), view: 0 })).status).toBe(200);
    const [feed] = await t.deps.db.select().from(feeds).where(eq(feeds.url, feedServer.url("/f.xml")));
    const [entry] = await t.deps.db.select().from(entries).where(eq(entries.feedId, feed!.id));
    // 10 POWER, and fifty requests at once costing one each: tips of 1, and boosts of a month at 1 a month.
    expect((await admin.post("/admin/power/mint", { userId: spender.userId, amount: 10 })).status).toBe(200);

    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(t.database.url!, path.join(dataDir, String(i))));
    const call = (index: number) => {
      const { url } = servers[index % 2]!;
      const boost = index % 5 === 0;
      return fetch(`${url}/api/${boost ? "boosts" : "wallets/transactions/tip"}`, {
        method: "POST",
        headers: { cookie: spender.cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
        body: JSON.stringify(boost ? { feedId: feed!.id, amount: 1 } : { entryId: entry!.id, amount: 1 }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as { code: number } }));
    };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => call(index)));
    const paid = answers.filter((answer) => answer.body.code === 0);
    const refused = answers.filter((answer) => answer.body.code === 4002);
    expect(paid).toHaveLength(10);
    expect(refused).toHaveLength(40);
    const [wallet] = (await apiAs(t, spender.cookie).get<Wallet[]>("/wallets")).body.data!;
    expect(wallet!.powerToken).toBe("0");
    expect(await t.deps.power.ledger.verify()).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [], transactions: 11 });
  });
});
