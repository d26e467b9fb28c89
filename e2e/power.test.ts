import { randomBytes } from "node:crypto";
import { embeddedHolder } from "@tidings/server";
import pg from "pg";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiAt, signedInContext, startServer, type RunningServer } from "./helpers/extra-server.ts";
import { rss, startFeedServer } from "./helpers/feed-server.ts";

// POWER: the test writes yesterday's reading straight into the database, which is what today's
// daily reward counts. The database is the server's own embedded PostgreSQL (reached as the CLI
// reaches it, through the data directory's lock), or with BENCH_DATABASE_URL a new database on
// that server, which the server is given as DATABASE_URL.
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const DB_NAME = `tidings_e2e_power_${randomBytes(4).toString("hex")}`;
let databaseUrl = "";
const dbUrl = () => databaseUrl;
async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

let browser: Browser;
let server: RunningServer;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let admin: BrowserContext;
let adminId: string;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  feeds = await startFeedServer();
  feeds.set(
    "/ledger.xml",
    rss({
      title: "Quay Ledger",
      site: feeds.url("/"),
      items: [
        { guid: "q1", title: "Tide tables for the week", link: "https://quay.example/tides", published: new Date(Date.now() - 7_200_000), content: "<p>High water at six.</p>" },
        { guid: "q2", title: "The crane is repaired", link: "https://quay.example/crane", published: new Date(Date.now() - 3_600_000), content: "<p>Cargo moves again.</p>" },
      ],
    }),
  );
  if (ADMIN_URL) {
    await sql(ADMIN_URL, `CREATE DATABASE ${DB_NAME}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_NAME}`;
    databaseUrl = url.toString();
    server = await startServer({ DATABASE_URL: databaseUrl, POWER_BOOST_MONTHLY_COST: "10" });
  } else {
    server = await startServer({ POWER_BOOST_MONTHLY_COST: "10" });
    const holder = await embeddedHolder(server.dataDir);
    if (!holder?.database) throw new Error(`the server on ${server.dataDir} names no embedded database in its lock`);
    databaseUrl = holder.database;
  }
  ({ context: admin, userId: adminId } = await signedInContext(browser, server.baseURL));
  page = await admin.newPage();
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
  await server?.stop();
  await feeds?.close();
  if (ADMIN_URL) await sql(ADMIN_URL, `DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
});

describe("POWER", () => {
  it("claims the daily reward, tips an entry, boosts a feed, shows the history, and a reader pays for a list", async () => {
    const followed = await apiAt<{ feedId: string }>(admin, server.baseURL, "POST", "/subscriptions", { url: feeds.url("/ledger.xml"), view: 0 });
    const feedId = followed.feedId;
    // Yesterday this reader read an entry: today's reward counts it. An admin grants 100 POWER and runs the day.
    await sql(dbUrl(), `INSERT INTO read_marks (user_id, entry_id, read_at) SELECT $1, id, now() - interval '1 day' FROM entries WHERE feed_id = $2 LIMIT 1 ON CONFLICT DO NOTHING`, [adminId, feedId]);
    await apiAt(admin, server.baseURL, "POST", "/admin/power/mint", { userId: adminId, amount: 100 });
    await apiAt(admin, server.baseURL, "POST", "/admin/power/daily");

    await page.goto("/power");
    const balance = page.getByTestId("power-balance");
    await expect.poll(() => balance.textContent()).toContain("100");
    await page.getByRole("button", { name: "Claim Daily Power" }).click();
    await expect.poll(async () => Number((await balance.textContent())?.replace(/[^\d.]/g, ""))).toBeGreaterThan(100);
    await expect.poll(() => page.getByRole("button", { name: "Claim Daily Power" }).isDisabled()).toBe(true);
    await screenshot(page, "power-01-claimed-light");
    const afterClaim = Number((await balance.textContent())?.replace(/[^\d.]/g, ""));

    // A tip from the entry: 10 POWER, to the feed (unclaimed: it waits for the owner).
    await page.goto(`/timeline/view-0/${feedId}`);
    await page.getByText("The crane is repaired").first().click();
    await page.getByRole("region", { name: "Support the creator" }).getByRole("button", { name: "Tip" }).click();
    const tip = page.getByRole("dialog", { name: "Tip" });
    await tip.getByText("Tips wait for the feed's owner to claim it").waitFor();
    await screenshot(page, "power-02-tip-light");
    await tip.getByRole("button", { name: "Send tip" }).click();
    await tip.waitFor({ state: "detached" });

    // A month of boost from the feed's menu in the sidebar.
    await page.locator(`[data-row-id="${feedId}"]`).click({ button: "right" });
    await page.getByRole("menuitem", { name: "Boost feed" }).click();
    const boost = page.getByRole("dialog", { name: "Boost feed" });
    await boost.getByRole("radio", { name: "1 month" }).check();
    await boost.getByRole("button", { name: "Boost", exact: true }).click();
    await boost.waitFor({ state: "detached" });
    const status = await apiAt<{ level: number; boostCount: number }>(admin, server.baseURL, "GET", `/boosts?feedId=${feedId}`);
    expect(status).toMatchObject({ level: 1, boostCount: 1 });
    // The feed's page shows its boost level.
    await page.goto(`/share/feeds/${feedId}`);
    await expect.poll(() => page.getByTestId("boost-badge").getAttribute("title")).toBe("Boosted: level 1 (1 boosts)");

    // The history: mint, daily reward, tip and boost, filtered by type.
    await page.goto("/power");
    await expect.poll(async () => Number((await balance.textContent())?.replace(/[^\d.]/g, ""))).toBeCloseTo(afterClaim - 20, 3);
    const history = page.getByRole("table", { name: "Transactions" });
    await expect.poll(() => history.getByRole("row").count()).toBe(5);
    await page.getByRole("group", { name: "Transaction type" }).getByRole("button", { name: "Tip" }).click();
    await expect.poll(() => history.getByRole("row").count()).toBe(2);
    await screenshot(page, "power-03-history-light");

    // Another reader follows this reader's paid list, seeing the price first.
    const list = await apiAt<{ id: string }>(admin, server.baseURL, "POST", "/lists", { title: "Quayside picks", view: 0, fee: 5 });
    const { context: reader, userId: readerId } = await signedInContext(browser, server.baseURL);
    await apiAt(admin, server.baseURL, "POST", "/admin/power/mint", { userId: readerId, amount: 20 });
    const readerPage = await reader.newPage();
    await readerPage.goto("/discover");
    // The switch must have taken (a click before the page is interactive is lost), or the search looks for feeds.
    const listsTab = readerPage.getByRole("tab", { name: "Lists" });
    await expect
      .poll(async () => {
        if ((await listsTab.getAttribute("aria-selected")) !== "true") await listsTab.click();
        return listsTab.getAttribute("aria-selected");
      })
      .toBe("true");
    await readerPage.getByRole("searchbox").first().fill("Quayside");
    await readerPage.keyboard.press("Enter");
    const card = readerPage.getByRole("article", { name: "Quayside picks" });
    await card.getByText("5 POWER").waitFor();
    await card.getByRole("button", { name: "Follow" }).click();
    const form = readerPage.getByRole("dialog");
    await form.getByText("Following this list costs 5 POWER, paid once to its owner.").waitFor();
    await screenshot(readerPage, "power-04-paid-list-light");
    await form.getByRole("button", { name: "Follow for 5 POWER" }).click();
    await form.waitFor({ state: "detached" });
    const [readerWallet] = await apiAt<{ powerToken: string }[]>(reader, server.baseURL, "GET", "/wallets");
    expect(readerWallet!.powerToken).toBe((15n * 10n ** 18n).toString());
    const sales = await apiAt<{ toListId: string }[]>(admin, server.baseURL, "GET", `/wallets/transactions?type=purchase&toUserId=${adminId}`);
    expect(sales.map((sale) => sale.toListId)).toEqual([list.id]);
    await reader.close();
  });
});
