import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type ChromiumHost, createChromiumHost, createShell, LOCAL_PORT, type Shell } from "@tidings/desktop";
import { startOidcProvider } from "@tidings/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIFACTS_DIR, CHROMIUM_PATH, launchBrowser, uniqueEmail } from "./helpers/browser.ts";
import { startDisplay } from "./helpers/display.ts";
import { startServer, type RunningServer } from "./helpers/extra-server.ts";
import { startFeedServer } from "./helpers/feed-server.ts";
import { guideKey } from "./helpers/reader.ts";
import { postmasterOf, stopClusterLeftover } from "../scripts/bench/postgres-processes.ts";

// The desktop shell with the real web client, in Debian's Chromium in app mode (the shell's second
// host): under Xvfb with a window manager when the machine has them, else headless. The system's
// browser of the social sign-in is a separate Chromium; links "opened outside" are recorded.

let display: Awaited<ReturnType<typeof startDisplay>>;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let server: RunningServer;
let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let systemBrowser: Browser;
let dataDir: string;
let host: ChromiumHost;
let shell: Shell;
const opened: string[] = [];
const ssoEmail = uniqueEmail("desk-sso");
const notified: { title: string; body: string }[] = [];

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

const app = () => host.page();
const sessionUser = async () =>
  ((await app().evaluate(() => fetch("/api/better-auth/get-session", { credentials: "include" }).then((r) => r.json()))) as { user?: { email: string } } | null)?.user?.email ?? null;

beforeAll(async () => {
  display = await startDisplay();
  provider = await startOidcProvider({ sub: `desk-${Date.now()}`, email: ssoEmail, email_verified: true, name: "Dee Sktop" });
  server = await startServer({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId, OIDC_CLIENT_SECRET: provider.clientSecret, OIDC_NAME: "Test SSO" });
  feeds = await startFeedServer();
  systemBrowser = await launchBrowser();
  dataDir = await mkdtemp(path.join(tmpdir(), "tidings-desktop-"));
  host = createChromiumHost({
    dataDir,
    version: "0.5.0",
    executablePath: CHROMIUM_PATH,
    headless: !display.headed,
    env: { ...display.env, XDG_CONFIG_HOME: path.join(dataDir, "config") },
    server: { execPath: process.execPath, entry: "unused" },
    openExternal: async (url) => void opened.push(url),
    notify: async (notification) => void notified.push(notification),
  });
  shell = createShell(host);
}, 120_000);

afterAll(async () => {
  await shell?.stop();
  await host?.quit().catch(() => undefined);
  await systemBrowser?.close();
  await feeds?.close();
  await server?.stop();
  await provider?.close();
  display?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("desktop shell (Chromium app mode)", () => {
  it("asks for the server on first run, checks it, and remembers it", async () => {
    await shell.start();
    const page = app();
    await expect.poll(() => page.getByRole("heading", { name: "Welcome to Tidings" }).isVisible()).toBe(true);
    await page.getByLabel("Server address").fill("http://127.0.0.1:9");
    await page.getByRole("button", { name: "Connect" }).click();
    await expect.poll(() => page.getByText("did not answer").isVisible()).toBe(true);
    await shot(page, "desktop-01-first-run");
    await host.setThemeSource("dark");
    await shot(page, "desktop-01-first-run-dark");
    await host.setThemeSource("system");
    await page.getByLabel("Server address").fill(server.baseURL);
    await page.getByRole("button", { name: "Connect" }).click();
    await page.waitForURL("**/login");
    const saved = JSON.parse(await readFile(path.join(dataDir, "settings.json"), "utf8")) as { server: unknown };
    expect(saved.server).toEqual({ kind: "remote", url: server.baseURL });
    expect(shell.serverUrl()).toBe(server.baseURL);
  });

  it("signs in, and the badge and tray follow the unread count", async () => {
    const page = app();
    const email = uniqueEmail("desk");
    const answer = await host.context().request.post(`${server.baseURL}/api/better-auth/sign-up/email`, {
      data: { email, password: "correct horse battery", name: "Ada Desk" },
      headers: { origin: server.baseURL },
    });
    expect(answer.ok()).toBe(true);
    const { user } = (await answer.json()) as { user: { id: string } };
    await page.evaluate((key) => localStorage.setItem(key, "done"), guideKey(user.id));
    const feed = feeds.publish("/desk.xml", "Harbour Notes", 4);
    const follow = await host.context().request.post(`${server.baseURL}/api/subscriptions`, { data: { url: feed, view: 0 }, headers: { origin: server.baseURL } });
    expect(follow.ok()).toBe(true);
    await page.goto(`${server.baseURL}/timeline/view-0/all`);
    await expect.poll(() => host.status().badge).toBe(4);
    expect(host.status().tray?.tooltip).toBe("Tidings: 4 unread");
    await page.getByText("Harbour Notes story 1", { exact: false }).first().click();
    await expect.poll(() => host.status().badge).toBe(3);
    await shot(page, "desktop-02-timeline-light");
    // The read reached the server too: what a reload counts.
    await expect.poll(async () => ((await (await host.context().request.get(`${server.baseURL}/api/reads/total-count`)).json()) as { data: { count: number } }).data.count).toBe(3);

    // Off in Settings → Appearance (the switch shows only in the desktop app), the badge goes.
    await host.send("navigate", { path: "/settings/appearance" });
    await page.getByRole("switch", { name: "Dock badge" }).click();
    await expect.poll(() => host.status().badge).toBe(0);
    await page.getByRole("switch", { name: "Dock badge" }).click();
    await expect.poll(() => host.status().badge).toBe(3);
  });

  it("takes the colour mode from the shell's menu, and gives the page's back", async () => {
    const page = app();
    host.chooseMenu("appearance:dark");
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(host.status().theme).toBe("dark");
    await host.send("navigate", { path: "/timeline/view-0/all" });
    await expect.poll(() => page.getByText("Harbour Notes story 2").first().isVisible()).toBe(true);
    await shot(page, "desktop-03-timeline-dark");
    await host.send("navigate", { path: "/settings/appearance" });
    await page.getByRole("radio", { name: "Light" }).click();
    await expect.poll(() => shell.settings().appearance).toBe("light");
    expect(host.status().theme).toBe("light");
    expect(host.status().menus.flatMap((menu) => menu.items).find((item) => typeof item === "object" && item.id === "appearance:light")).toMatchObject({ checked: true });
  });

  it("opens links outside the app: in a window of their own, or the system's browser when asked", async () => {
    const page = app();
    const outside = feeds.url("/desk.xml");
    const pages = host.context().pages().length;
    await page.evaluate((url) => window.open(url, "_blank"), outside);
    await expect.poll(() => host.context().pages().some((other) => other !== page && other.url() === outside)).toBe(true);
    expect(host.context().pages().length).toBe(pages + 1);
    await Promise.all(host.context().pages().filter((other) => other !== page).map((other) => other.close()));

    await host.send("navigate", { path: "/settings/general" });
    await page.getByRole("switch", { name: "Open links in the browser" }).click();
    await expect.poll(() => shell.settings().preferences.openLinksInExternalApp).toBe(true);
    await page.evaluate((url) => window.open(url, "_blank"), outside);
    await expect.poll(() => opened).toContain(outside);
    // The window's own page never leaves the app.
    await page.evaluate((url) => void (window.location.href = url), `${outside}?away`);
    await expect.poll(() => opened).toContain(`${outside}?away`);
    expect(new URL(page.url()).origin).toBe(server.baseURL);
  });

  it("changes window modes, and keeps the window's place", async () => {
    const page = app();
    await page.evaluate(() => (window as unknown as { tidings: { call(n: string, i: unknown): Promise<unknown> } }).tidings.call("window.setMode", "maximized"));
    await expect.poll(async () => (await host.windowState()).mode).toBe("maximized");
    expect(await page.evaluate(() => (window as unknown as { tidings: { call(n: string, i?: unknown): Promise<unknown> } }).tidings.call("window.getMode"))).toEqual({ ok: true, value: "maximized" });
    await host.setWindowMode("minimized");
    await expect.poll(async () => (await host.windowState()).mode).toBe("minimized");
    await host.focus();
    await expect.poll(async () => (await host.windowState()).mode).not.toBe("minimized");
    await host.setWindowMode("normal");
    await expect.poll(async () => (await host.windowState()).mode).toBe("normal");
    await expect
      .poll(async () => (JSON.parse(await readFile(path.join(dataDir, "settings.json"), "utf8")) as { window: { mode: string; bounds: unknown } }).window)
      .toMatchObject({ mode: "normal", bounds: { width: expect.any(Number), height: expect.any(Number) } });
    // What the shell refuses comes back with its code.
    const refused = await page.evaluate(() => (window as unknown as { tidings: { call(n: string, i: unknown): Promise<unknown> } }).tidings.call("setting.setAppearance", "purple"));
    expect(refused).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    // The first-run screen's call is not open to the server's pages.
    const connect = await page.evaluate(() => (window as unknown as { tidings: { call(n: string, i: unknown): Promise<unknown> } }).tidings.call("app.connect", { url: "http://127.0.0.1:9" }));
    expect(connect).toMatchObject({ ok: false, code: "UNSUPPORTED" });
  });

  it("runs the web client's shortcuts from the menu", async () => {
    const page = app();
    await page.goto(`${server.baseURL}/timeline/view-0/all`);
    await expect.poll(() => page.getByText("Harbour Notes story 2").first().isVisible()).toBe(true);
    host.chooseMenu("command:global.settings");
    await page.waitForURL("**/settings**");
  });

  it("signs out when the shell's menu asks, clearing the window's session", async () => {
    const page = app();
    expect(await sessionUser()).not.toBeNull();
    host.chooseMenu("signOut");
    await page.waitForURL("**/login");
    await expect.poll(sessionUser).toBeNull();
    await expect.poll(() => host.context().cookies(server.baseURL).then((cookies) => cookies.filter((c) => c.name.includes("session_token")).length)).toBe(0);
    await expect.poll(() => host.status().badge).toBe(0);
  });

  it("completes a social sign-in through the system's browser and a tidings:// link", async () => {
    const page = app();
    // A link this shell did not start is refused.
    host.deliverDeepLink("tidings://auth?code=forged&state=forged");
    await page.waitForTimeout(500);
    expect(page.url()).toContain("/login");

    opened.length = 0;
    await page.getByRole("button", { name: "Continue with Test SSO" }).click();
    await expect.poll(() => opened.find((url) => url.includes("/login?provider=oidc"))).toBeTruthy();
    await expect.poll(() => page.getByText("Continue in your browser").isVisible()).toBe(true);
    await shot(page, "desktop-04-sign-in-in-browser");
    const handOff = opened.find((url) => url.includes("/login?provider=oidc"))!;
    const browserPage = await systemBrowser.newPage();
    await browserPage.goto(handOff);
    const link = browserPage.getByTestId("open-desktop-app");
    await expect.poll(() => link.isVisible(), { timeout: 20_000 }).toBe(true);
    const deepLink = await link.getAttribute("href");
    expect(deepLink).toMatch(/^tidings:\/\/auth\?code=[\w-]+&state=[\w-]+$/);
    await browserPage.screenshot({ path: path.join(ARTIFACTS_DIR, "desktop-05-browser-hand-off.png") });
    await browserPage.close();

    host.deliverDeepLink(deepLink!);
    await page.waitForURL("**/timeline/**");
    await expect.poll(sessionUser).toBe(ssoEmail);
    // The same link works once.
    host.deliverDeepLink(deepLink!);
    await page.waitForTimeout(500);
    expect(page.url()).toContain("/timeline");
  });
});

describe("desktop shell: Tidings on this computer", () => {
  it("starts npm start's server itself with its data in the app's folder, and stops it on quit", async () => {
    const localData = await mkdtemp(path.join(tmpdir(), "tidings-desktop-local-"));
    // Under root the embedded PostgreSQL runs as an unprivileged user, who must pass through the
    // app's folder to its cluster (an app's folder in a user's home is theirs: PostgreSQL runs as them).
    await chmod(localData, 0o711);
    const cluster = path.join(localData, "server", "postgres");
    const local = createChromiumHost({
      dataDir: localData,
      version: "0.5.0",
      executablePath: CHROMIUM_PATH,
      headless: !display.headed,
      env: display.env,
      server: { execPath: process.execPath, entry: fileURLToPath(new URL("../scripts/start.ts", import.meta.url)) },
      openExternal: async () => undefined,
    });
    const localShell = createShell(local);
    try {
      await localShell.start();
      await local.page().getByRole("button", { name: "Run Tidings on this computer" }).click();
      await local.page().waitForURL(`http://127.0.0.1:${LOCAL_PORT}/login`, { timeout: 90_000 });
      await expect.poll(() => local.page().getByRole("button", { name: "Create account" }).first().isVisible().catch(() => false)).toBe(true);
      expect(JSON.parse(await readFile(path.join(localData, "settings.json"), "utf8")).server).toEqual({ kind: "local", port: LOCAL_PORT });
      // Its database: the embedded PostgreSQL's cluster, running.
      expect(existsSync(path.join(cluster, "PG_VERSION"))).toBe(true);
      expect(postmasterOf(cluster)).not.toBeNull();
    } finally {
      await localShell.stop();
      await local.quit();
    }
    await expect.poll(() => fetch(`http://127.0.0.1:${LOCAL_PORT}/healthz`).then(() => "up", () => "down")).toBe("down");
    // Quitting stopped the server, and the server its PostgreSQL: nothing is left running.
    const leftover = postmasterOf(cluster);
    await stopClusterLeftover(cluster);
    expect(leftover).toBeNull();
    await rm(localData, { recursive: true, force: true });
  }, 150_000);
});
