import { POWER_UNIT, type BoostStatus, type PowerTransaction, type Wallet } from "@tidings/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entries, feeds, readMarks, subscriptions } from "../../src/db/schema/index.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { rssFeed, startFeedServer, type FeedServer } from "../helpers/feed-server.ts";
import { enableTwoFactor, totpCode } from "../helpers/totp-code.ts";

const units = (power: number) => (BigInt(power) * POWER_UNIT).toString();
let t: TestApp;
let server: FeedServer;
let admin: Api;
let ann: Api;
let bob: Api;
let carol: Api;
let annId: string;
let annCookie: string;
let bobId: string;
let carolId: string;
let feedId: string;
let entryId: string;

const balance = async (api: Api) => (await api.get<Wallet[]>("/wallets")).body.data![0]!.powerToken;

beforeAll(async () => {
  server = await startFeedServer();
  server.set("/gazette.xml", { body: rssFeed({ title: "Harbour Gazette", items: [{ guid: "a", title: "Ferries" }] }) });
  t = await createTestApp({ PRIVATE_NETWORKS_FOR: "everyone", INVITATION_PRICE: "3", INVITATION_INTERVAL_DAYS: "0" });
  admin = apiAs(t, (await signUp(t, { email: "admin@example.com" })).cookie);
  const a = await signUp(t, { email: "ann@example.com", name: "Ann" });
  const b = await signUp(t, { email: "bob@example.com", name: "Bob" });
  const c = await signUp(t, { email: "carol@example.com", name: "Carol" });
  [ann, bob, carol] = [apiAs(t, a.cookie), apiAs(t, b.cookie), apiAs(t, c.cookie)];
  [annId, bobId, carolId] = [a.userId, b.userId, c.userId];
  annCookie = a.cookie;
  expect((await ann.post("/subscriptions", { url: server.url("/gazette.xml"), view: 0 })).status).toBe(200);
  const [feed] = await t.deps.db.select().from(feeds).where(eq(feeds.url, server.url("/gazette.xml")));
  feedId = feed!.id;
  const [entry] = await t.deps.db.select().from(entries).where(eq(entries.feedId, feedId));
  entryId = entry!.id;
});
afterAll(async () => {
  await t.close();
  await server.close();
});

describe("POWER over HTTP", () => {
  it("lets an admin grant POWER (a treasury mint), and nobody else", async () => {
    expect(await ann.post("/admin/power/mint", { userId: annId, amount: 100 })).toMatchObject({ status: 403, body: { code: 1004 } });
    expect(await admin.post("/admin/power/mint", { userId: "nobody", amount: 100 })).toMatchObject({ body: { code: 4004 } });
    expect(await admin.post("/admin/power/mint", { userId: annId, amount: -1 })).toMatchObject({ status: 400, body: { code: 1002 } });
    const minted = await admin.post<{ transactionHash: string }>("/admin/power/mint", { userId: annId, amount: "100", comment: "Welcome" });
    expect(minted.body.data!.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const [wallet] = (await ann.get<Wallet[]>("/wallets")).body.data!;
    expect(wallet).toMatchObject({ userId: annId, powerToken: units(100), cashablePowerToken: units(100), dailyPowerToken: "0", address: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
  });

  it("tips an entry's unclaimed feed, pays once for a retried request, and says 4002 when the balance is short", async () => {
    const first = await ann.post<{ transactionHash: string }>("/wallets/transactions/tip", { entryId, amount: 10, idempotencyKey: "tip-ann-1" });
    expect(first.status).toBe(200);
    const again = await ann.post<{ transactionHash: string }>("/wallets/transactions/tip", { entryId, amount: 10, idempotencyKey: "tip-ann-1" });
    expect(again.body.data!.transactionHash).toBe(first.body.data!.transactionHash);
    // The same through the Idempotency-Key header: 2.5 POWER, paid once for two requests.
    const byHeader = async () =>
      (await (await t.request("/api/wallets/transactions/tip", { method: "POST", cookie: annCookie, json: { entryId, amount: "2.5" }, headers: { "idempotency-key": "tip-ann-2" } })).json()) as { data: { transactionHash: string } };
    expect((await byHeader()).data.transactionHash).toBe((await byHeader()).data.transactionHash);
    expect(await balance(ann)).toBe((BigInt(units(90)) - BigInt(units(5)) / 2n).toString());
    expect(await t.deps.power.ledger.feedBalance(feedId)).toBe(BigInt(units(10)) + BigInt(units(5)) / 2n);

    const short = await bob.post("/wallets/transactions/tip", { entryId, amount: 10 });
    expect(short).toMatchObject({ status: 400, body: { code: 4002, reason: "Your balance is not enough to cover this amount" } });
    expect(await bob.post("/wallets/transactions/tip", { entryId, amount: 0 })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(await bob.post("/wallets/transactions/tip", { entryId: "1234", amount: 1 })).toMatchObject({ status: 400, body: { code: 1002 } });

    const history = await ann.get<PowerTransaction[]>("/wallets/transactions");
    expect(history.body.data!.map((item) => item.type)).toEqual(["tip", "tip", "mint"]);
    expect(history.body.data![1]).toMatchObject({ powerToken: units(10), fromUser: { id: annId, name: "Ann" }, toFeed: { id: feedId, title: "Harbour Gazette" }, toEntryId: entryId });
    const tipsOnly = await ann.get<PowerTransaction[]>(`/wallets/transactions?type=tip&toFeedId=${feedId}`);
    expect(tipsOnly.body.data).toHaveLength(2);
    const firstPage = await ann.get<PowerTransaction[]>("/wallets/transactions?limit=2");
    expect(firstPage.body.data).toHaveLength(2);
    const cursor = (firstPage.body as { nextCursor?: string }).nextCursor;
    expect(cursor).toEqual(expect.any(String));
    expect((await ann.get<PowerTransaction[]>(`/wallets/transactions?limit=2&cursor=${cursor}`)).body).toMatchObject({ data: [{ type: "mint" }], nextCursor: null });
  });

  it("gives the tips that waited to the feed's owner once they claim it (4003 when none wait), and tips them directly after", async () => {
    expect(await bob.post("/wallets/transactions/claim-feed", { feedId })).toMatchObject({ status: 403, body: { code: 1004 } });
    await t.deps.db.update(feeds).set({ ownerUserId: bobId }).where(eq(feeds.id, feedId));
    const claimed = await bob.get<{ feed: { id: string }; tipAmount: string }[]>("/feeds/claim/list");
    expect(claimed.body.data).toEqual([expect.objectContaining({ feed: expect.objectContaining({ id: feedId }), tipAmount: (BigInt(units(10)) + BigInt(units(5)) / 2n).toString() })]);
    expect((await bob.post("/wallets/transactions/claim-feed", { feedId })).status).toBe(200);
    expect(await balance(bob)).toBe((BigInt(units(10)) + BigInt(units(5)) / 2n).toString());
    expect(await bob.post("/wallets/transactions/claim-feed", { feedId })).toMatchObject({ status: 400, body: { code: 4003 } });
    expect((await ann.post("/wallets/transactions/tip", { entryId, amount: 5 })).status).toBe(200);
    expect(await balance(bob)).toBe((BigInt(units(15)) + BigInt(units(5)) / 2n).toString());
    expect(await bob.post("/wallets/transactions/tip", { entryId, amount: 1 })).toMatchObject({ status: 400, body: { code: 1002, reason: "You cannot tip your own feed" } });
  });

  it("asks for the two-factor code when it is on (4008, 4007 for a wrong one)", async () => {
    const signedUp = await signUp(t, { email: "dora@example.com", name: "Dora" });
    const { cookie, totpURI } = await enableTwoFactor(t, signedUp.cookie);
    const dora = apiAs(t, cookie);
    await admin.post("/admin/power/mint", { userId: signedUp.userId, amount: 20 });
    expect(await dora.post("/wallets/transactions/tip", { entryId, amount: 1 })).toMatchObject({ status: 400, body: { code: 4008 } });
    const wrong = String((Number(totpCode(totpURI)) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await dora.post("/wallets/transactions/tip", { entryId, amount: 1, TOTPCode: wrong })).toMatchObject({ status: 400, body: { code: 4007 } });
    expect((await dora.post("/wallets/transactions/tip", { entryId, amount: 1, TOTPCode: totpCode(totpURI) })).status).toBe(200);
    expect(await dora.post("/boosts", { feedId, amount: 10 })).toMatchObject({ status: 400, body: { code: 4008 } });
  });

  it("boosts a feed for whole months at the monthly cost (4006 otherwise), extending the booster's running boost", async () => {
    expect(await ann.post("/boosts", { feedId, amount: 15 })).toMatchObject({ status: 400, body: { code: 4006 } });
    expect(await ann.post("/boosts", { feedId, amount: 20 })).toMatchObject({ status: 400, body: { code: 4006 } });
    const ownerBefore = BigInt(await balance(bob));
    const boosted = await ann.post<{ expiresAt: string; transactionHash: string }>("/boosts", { feedId, amount: 10, idempotencyKey: "boost-1" });
    expect(boosted.status).toBe(200);
    const replay = await ann.post<{ expiresAt: string; transactionHash: string }>("/boosts", { feedId, amount: 10, idempotencyKey: "boost-1" });
    expect(replay.body.data!.transactionHash).toBe(boosted.body.data!.transactionHash);
    const three = await ann.post<{ expiresAt: string }>("/boosts", { feedId, amount: 30 });
    const days = (new Date(three.body.data!.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(120);
    // A boost supports the feed's owner; the feed's level is kept on it for the refresher.
    expect(BigInt(await balance(bob))).toBe(ownerBefore + BigInt(units(40)));
    expect((await t.deps.db.select({ level: feeds.boostLevel }).from(feeds).where(eq(feeds.id, feedId)))[0]!.level).toBe(1);
    const status = await ann.get<BoostStatus>(`/boosts?feedId=${feedId}`);
    expect(status.body.data).toMatchObject({ level: 1, monthlyBoostCost: units(10), boostCount: 2, remainingBoostsToLevelUp: 1, lastValidBoost: { expiresAt: three.body.data!.expiresAt } });
    expect((await bob.get(`/boosts/boosters?feedId=${feedId}`)).body.data).toEqual([expect.objectContaining({ id: annId, name: "Ann" })]);
    // Shown on the feed's page and in Discover's ranking.
    expect((await bob.get<{ feed: { boost?: unknown } }>(`/feeds?id=${feedId}`)).body.data!.feed.boost).toEqual({ level: 1, boostCount: 2 });
    const trending = await bob.get<{ trendingFeeds: { id: string; boost?: unknown }[] }>("/trending");
    expect(trending.body.data!.trendingFeeds.find((feed) => feed.id === feedId)?.boost).toEqual({ level: 1, boostCount: 2 });
    expect(await carol.post("/boosts", { feedId, amount: 10 })).toMatchObject({ status: 400, body: { code: 4002 } });
  });

  it("charges a paid list's fee to its owner once, inside the subscription (nothing follows without paying)", async () => {
    const list = await bob.post<{ id: string }>("/lists", { title: "Coast", view: 0, fee: 5 });
    const listId = list.body.data!.id;
    const before = BigInt(await balance(ann));
    expect((await ann.post("/subscriptions", { listId, view: 0 })).status).toBe(200);
    expect(BigInt(await balance(ann))).toBe(before - BigInt(units(5)));
    expect(await carol.post("/subscriptions", { listId, view: 0 })).toMatchObject({ status: 400, body: { code: 4002 } });
    const carolRows = await t.deps.db.select().from(subscriptions).where(and(eq(subscriptions.userId, carolId), eq(subscriptions.listId, listId)));
    expect(carolRows).toHaveLength(0);
    // Bought once: leaving and following again costs nothing.
    expect((await ann.delete("/subscriptions", { listId })).status).toBe(200);
    expect((await ann.post("/subscriptions", { listId, view: 0 })).status).toBe(200);
    expect(BigInt(await balance(ann))).toBe(before - BigInt(units(5)));
    const sales = await bob.get<PowerTransaction[]>(`/wallets/transactions?type=purchase&toUserId=${bobId}`);
    expect(sales.body.data!.filter((sale) => sale.toListId)).toEqual([expect.objectContaining({ type: "purchase", toListId: listId, powerToken: units(5) })]);
  });

  it("charges INVITATION_PRICE for an invitation code, and makes none without it", async () => {
    await t.deps.db.update((await import("../../src/db/schema/index.ts")).users).set({ role: "user" }).where(eq((await import("../../src/db/schema/index.ts")).users.id, carolId));
    expect(await carol.post("/invitations/new")).toMatchObject({ status: 400, body: { code: 4002 } });
    expect((await carol.get<unknown[]>("/invitations")).body.data).toEqual([]);
    const before = BigInt(await balance(ann));
    expect((await ann.post("/invitations/new")).status).toBe(200);
    expect(BigInt(await balance(ann))).toBe(before - BigInt(units(3)));
    expect((await ann.get<{ INVITATION_PRICE: number; POWER: boolean }>("/status/configs")).body.data).toMatchObject({ INVITATION_PRICE: 3, POWER: true });
  });

  it("computes the day's rewards (an admin may run it now) and lets an active reader claim once (4000 after, 4001 with nothing due)", async () => {
    expect(await ann.post("/wallets/transactions/claim_daily")).toMatchObject({ status: 409, body: { code: 4005 } });
    // Yesterday's reading is what today's reward counts.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await t.deps.db.insert(readMarks).values({ userId: annId, entryId, readAt: yesterday }).onConflictDoNothing();
    expect(await ann.post("/admin/power/daily")).toMatchObject({ status: 403 });
    expect((await admin.post<{ users: number }>("/admin/power/daily")).body.data).toMatchObject({ users: expect.any(Number) });
    expect((await ann.get<boolean>("/wallets/transactions/claim-check")).body.data).toBe(true);
    const [wallet] = (await ann.get<Wallet[]>("/wallets")).body.data!;
    expect(BigInt(wallet!.todayDailyPower)).toBeGreaterThan(0n);
    expect(wallet!.level).toMatchObject({ level: expect.any(Number), activityPoints: 1 });
    const before = BigInt(wallet!.powerToken);
    expect((await ann.post("/wallets/transactions/claim_daily")).status).toBe(200);
    expect(BigInt(await balance(ann))).toBe(before + BigInt(wallet!.todayDailyPower));
    expect(await ann.post("/wallets/transactions/claim_daily")).toMatchObject({ body: { code: 4000 } });
    expect((await ann.get<boolean>("/wallets/transactions/claim-check")).body.data).toBe(false);
    expect(await bob.post("/wallets/transactions/claim_daily")).toMatchObject({ body: { code: 4001 } });
  });

  it("lists achievements with progress, claims a done one once (9000, 9001), and reviews the one that needs it (9002, 9003)", async () => {
    const all = await ann.get<{ actionId: number; type: string; progress: number; progressMax: number }[]>("/achievement?type=all");
    expect(all.body).toMatchObject({ code: 0, total: expect.any(Number), done: expect.any(Number) });
    const firstTip = all.body.data!.find((item) => item.actionId === 12)!;
    expect(firstTip).toMatchObject({ type: "completed", progress: 1, progressMax: 1 });
    expect(await ann.put("/achievement", { actionId: 1 })).toMatchObject({ body: { code: 9000 } });
    const before = BigInt(await balance(ann));
    const claimed = await ann.put<{ actionId: number; result: boolean; transactionHash: string }>("/achievement", { actionId: 12 });
    expect(claimed.body.data).toMatchObject({ actionId: 12, result: true, transactionHash: expect.stringMatching(/^0x/) });
    expect(BigInt(await balance(ann))).toBeGreaterThan(before);
    expect(await ann.put("/achievement", { actionId: 12 })).toMatchObject({ body: { code: 9001 } });
    expect(await ann.post("/achievement/audit", { actionId: 12, payload: { text: "hello" } })).toMatchObject({ body: { code: 9003 } });
    expect((await ann.post("/achievement/audit", { actionId: 5, payload: { text: "I read the harbour news every morning" } })).body.data).toMatchObject({ type: "audit" });
    expect(await ann.put("/achievement", { actionId: 5 })).toMatchObject({ body: { code: 9002 } });
    expect(await ann.get("/admin/power/audits")).toMatchObject({ status: 403 });
    expect((await admin.get<{ userId: string; actionId: number }[]>("/admin/power/audits")).body.data).toEqual([expect.objectContaining({ userId: annId, actionId: 5 })]);
    expect((await admin.post("/admin/power/audits", { userId: annId, actionId: 5, approve: true })).status).toBe(200);
    expect((await ann.put("/achievement", { actionId: 5 })).status).toBe(200);
    expect((await ann.get<unknown[]>("/achievement?type=received")).body.data).toHaveLength(2);
  });

  it("answers airdrops 4010 and withdrawals 4001 on a self-hosted instance", async () => {
    expect(await ann.get("/wallets/airdrop")).toMatchObject({ status: 403, body: { code: 4010 } });
    expect(await ann.post("/wallets/airdrop")).toMatchObject({ body: { code: 4010 } });
    expect(await ann.post("/wallets/transactions/withdraw", { amount: 1, address: "0x0" })).toMatchObject({ body: { code: 4001 } });
  });

  it("ranks readers by POWER, and the books balance", async () => {
    const ranking = await carol.get<{ userId: string; rank: number; powerToken: string }[]>("/wallets/ranking");
    expect(ranking.body.data!.map((item) => item.userId).slice(0, 2)).toEqual([annId, expect.any(String)]);
    expect(ranking.body.data!.every((item, index) => item.rank === index + 1)).toBe(true);
    expect(await ann.get("/admin/power/check")).toMatchObject({ status: 403 });
    expect((await admin.get("/admin/power/check")).body.data).toMatchObject({ mismatchedAccounts: [], unbalancedTransactions: [], negativeAccounts: [] });
  });
});

describe("POWER=false", () => {
  it("hides the whole feature", async () => {
    const off = await createTestApp({ POWER: "false" });
    try {
      const reader = apiAs(off, (await signUp(off, { email: "x@example.com" })).cookie);
      expect((await reader.get("/wallets")).status).toBe(404);
      expect((await reader.get("/boosts?feedId=1")).status).toBe(404);
      expect((await reader.get<{ POWER: boolean }>("/status/configs")).body.data).toMatchObject({ POWER: false });
    } finally {
      await off.close();
    }
  });
});
