import type { InboxSummary } from "@tidings/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { apiAs } from "../helpers/api.ts";
import { signUp } from "../helpers/app.ts";
import { sendToInbox } from "../inboxes/webhook-helpers.ts";
import { integrationFixture, type Fixture } from "./fixture.ts";
import { type ServiceServer, startService } from "./service-server.ts";

let f: Fixture | undefined;
let readeck: ServiceServer | undefined;

afterEach(async () => {
  await readeck?.close();
  await f?.close();
  readeck = undefined;
  f = undefined;
});

async function setup(env: Record<string, string> = {}) {
  f = await integrationFixture(env);
  readeck = await startService(() => ({ status: 202, headers: { location: "/api/bookmarks/abc" }, body: { status: 202, message: "Link submited" } }));
  return { f, readeck };
}

const saveToReadeck = (fixture: Fixture, server: ServiceServer, options: Record<string, unknown> = {}, entryId = fixture.entryId) =>
  fixture.api.post("/integrations/readeck/save", { entryId, settings: { endpoint: server.url(), token: "t" }, options });

describe("the private-network policy for integrations", () => {
  it("reaches an administrator's service on a private address only with its LAN switch on", async () => {
    const { f, readeck } = await setup();
    const refused = await saveToReadeck(f, readeck);
    expect(refused).toMatchObject({ status: 403, body: { code: 16000, message: "The server does not connect to this address" } });
    expect(refused.body.reason).toBe(`${new URL(readeck.url()).hostname} is on a private network, which is reached only when you allow private network addresses for Readeck in Settings → Integration`);
    expect(readeck.received).toHaveLength(0);

    expect(await saveToReadeck(f, readeck, { allowPrivate: true })).toEqual({ status: 200, body: { code: 0, data: { ok: true, url: readeck.url("/bookmarks/abc") } } });
    expect(readeck.received).toHaveLength(1);
  });

  it("refuses another reader's service on a private address, switch or not (PRIVATE_NETWORKS_FOR=admins)", async () => {
    const { f, readeck } = await setup();
    // The fixture's reader was the first account, so the administrator; this one is not.
    const other = apiAs(f.t, (await signUp(f.t, { email: "second@example.com" })).cookie);
    const refused = await other.post("/integrations/readeck/save", { entryId: f.entryId, settings: { endpoint: readeck.url(), token: "t" }, options: { allowPrivate: true } });
    expect(refused).toMatchObject({ status: 403, body: { code: 16000, reason: `${new URL(readeck.url()).hostname} is on a private network, which this server reaches only for its administrators` } });
    expect(readeck.received).toHaveLength(0);
  });

  it("keeps link-local addresses (cloud metadata) refused even with the switch on", async () => {
    const { f } = await setup();
    const metadata = await f.api.post("/integrations/readeck/save", { entryId: f.entryId, settings: { endpoint: "http://169.254.169.254", token: "t" }, options: { allowPrivate: true } });
    expect(metadata).toMatchObject({ status: 403, body: { code: 16000, reason: "169.254.169.254 is a link-local, metadata or reserved address, which Tidings never connects to" } });
  });

  it("ignores the switch for services that are never self-hosted", async () => {
    const { f, readeck } = await setup();
    const readwise = await f.api.post("/integrations/readwise/save", { entryId: f.entryId, settings: { token: "t", endpoint: readeck.url() }, options: { allowPrivate: true } });
    expect(readwise).toMatchObject({ status: 403, body: { code: 16000, reason: `${new URL(readeck.url()).hostname} is on a private network, which is not reached for Readwise: it is never self-hosted` } });
    expect(readeck.received).toHaveLength(0);
  });

  it("refuses private addresses to everyone with PRIVATE_NETWORKS_FOR=none (and its older name INTEGRATIONS_ALLOW_PRIVATE_NETWORKS=false)", async () => {
    for (const env of [{ PRIVATE_NETWORKS_FOR: "none" }, { INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "false" }] as Record<string, string>[]) {
      const { f, readeck } = await setup(env);
      const refused = await saveToReadeck(f, readeck, { allowPrivate: true });
      expect(refused).toMatchObject({ status: 403, body: { code: 16000, reason: `${new URL(readeck.url()).hostname} is on a private network, which this server reaches for no one (PRIVATE_NETWORKS_FOR=none)` } });
      expect(readeck.received).toHaveLength(0);
      await readeck.close();
      await f.close();
    }
    readeck = undefined;
    f = undefined;
  });

  it("passes on a private service's status only, never its own words", async () => {
    const { f } = await setup();
    await readeck?.close();
    readeck = await startService(() => ({ status: 422, body: { message: "secret internal detail from the LAN" } }));
    const refused = await saveToReadeck(f, readeck, { allowPrivate: true });
    expect(refused).toEqual({ status: 502, body: { code: 15000, message: "Readeck refused the save", reason: "Readeck answered HTTP 422" } });
    expect(JSON.stringify(refused.body)).not.toContain("secret");
  });
});

describe("POST /integrations/:service/save", () => {
  it("answers 400 for an unknown service or invalid settings, 401 without a session", async () => {
    const { f, readeck } = await setup();
    expect(await f.api.post("/integrations/pocket/save", { entryId: f.entryId, settings: {} })).toMatchObject({ status: 400, body: { code: 1002 } });
    const invalid = await f.api.post("/integrations/readeck/save", { entryId: f.entryId, settings: { endpoint: "ftp://files.example", token: "" } });
    expect(invalid).toMatchObject({ status: 400, body: { code: 1002 } });
    expect(invalid.body.reason).toContain("settings.endpoint: must be an http(s) URL");
    expect(invalid.body.reason).toContain("settings.token: is required");
    const anonymous = await apiAs(f.t, "").post("/integrations/readeck/save", { entryId: f.entryId, settings: { endpoint: readeck.url(), token: "t" } });
    expect(anonymous).toMatchObject({ status: 401, body: { code: 1000 } });
    expect(readeck.received).toHaveLength(0);
  });

  it("refuses an entry the reader may not see (another reader's inbox mail, an unknown id)", async () => {
    const { f, readeck } = await setup();
    const other = apiAs(f.t, (await signUp(f.t, { email: "other@example.com" })).cookie);
    const inbox = (await other.post<InboxSummary>("/inboxes", { handle: "private-box" })).body.data!;
    const sent = await sendToInbox(f.t, { handle: "private-box", secret: inbox.secret }, { guid: "m1", title: "Private", url: "https://mail.example/1", content: "<p>Secret</p>" });
    const mail = sent.body.data!.id;
    expect(await saveToReadeck(f, readeck, { allowPrivate: true }, mail)).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(await saveToReadeck(f, readeck, { allowPrivate: true }, "1234567890123456")).toMatchObject({ status: 404, body: { code: 3000 } });
    expect(readeck.received).toHaveLength(0);
  });

  it("limits saves per reader and hour (INTEGRATION_SAVES_PER_HOUR)", async () => {
    const { f, readeck } = await setup({ INTEGRATION_SAVES_PER_HOUR: "2" });
    expect((await saveToReadeck(f, readeck, { allowPrivate: true })).status).toBe(200);
    expect((await saveToReadeck(f, readeck, { allowPrivate: true })).status).toBe(200);
    const refused = await f.t.request("/api/integrations/readeck/save", {
      method: "POST",
      cookie: f.cookie,
      json: { entryId: f.entryId, settings: { endpoint: readeck.url(), token: "t" }, options: { allowPrivate: true } },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 15001 });
    // When to try again, in seconds, as every other limit says it: within the hour.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
    expect(readeck.received).toHaveLength(2);
  });

  it("says when the service cannot be reached", async () => {
    const { f, readeck } = await setup();
    const closedUrl = readeck.url();
    await readeck.close();
    const answer = await f.api.post("/integrations/readeck/save", { entryId: f.entryId, settings: { endpoint: closedUrl, token: "t" }, options: { allowPrivate: true } });
    expect(answer).toMatchObject({ status: 502, body: { code: 15000, message: "Readeck could not be reached" } });
  });
});
