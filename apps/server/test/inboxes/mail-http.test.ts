import type { InboxSummary, TimelineItem } from "@tidings/contracts";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { afterEach, describe, expect, it } from "vitest";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { MAIL_DOMAIN, newsletter } from "./mail-helpers.ts";

let t: TestApp;
let ann: Api;
let annCookie: string;
let inbox: InboxSummary;

async function setUp(env: Record<string, string> = {}) {
  t = await createTestApp({ INBOX_EMAIL_SUFFIX: MAIL_DOMAIN, ...env });
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annCookie = a.cookie;
  inbox = (await ann.post<InboxSummary>("/inboxes", { handle: "news", title: "News" })).body.data!;
}
afterEach(async () => t.close());

/** POST /inboxes/email as a mail worker: JSON (an object) or a raw message (a Buffer). */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const raw = Buffer.isBuffer(body);
  const response = await t.request("/api/inboxes/email", {
    method: "POST",
    headers: { "content-type": raw ? "message/rfc822" : "application/json", ...headers },
    body: raw ? new Uint8Array(body) : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code: number; data?: { id: string }; reason?: string } };
}

const workerMail = (overrides: Record<string, unknown> = {}) => ({
  date: "2026-11-20T08:00:00Z",
  from: { name: "Weekly Digest", address: "digest@sender.example" },
  to: { address: `News@${MAIL_DOMAIN}` },
  messageId: "<w1@sender.example>",
  subject: "From the worker",
  html: '<p>Hello</p><script>alert(1)</script><img src="https://x.example/wf/open?upn=1">',
  ...overrides,
});

const page = async () => (await ann.post<TimelineItem[]>("/entries/inbox", { inboxId: "news" })).body;

describe("POST /inboxes/email", () => {
  it("stores the reference worker's JSON (facts §2.8) for the inbox of `to`, once per message-id", async () => {
    await setUp();
    const sent = await post(workerMail(), { "X-Follow-Secret": inbox.secret });
    expect(sent).toMatchObject({ status: 200, body: { code: 0, data: { id: expect.stringMatching(/^\d+$/) } } });
    expect((await post(workerMail({ subject: "again" }), { "X-Follow-Secret": inbox.secret })).body.data).toEqual(sent.body.data);

    const { data, total } = await page();
    expect(total).toBe(1);
    expect(data![0]!.entries).toMatchObject({
      id: sent.body.data!.id,
      guid: "w1@sender.example",
      title: "From the worker",
      author: "Weekly Digest <digest@sender.example>",
      publishedAt: "2026-11-20T08:00:00.000Z",
    });
    const content = (await ann.get<TimelineItem>(`/entries/inbox?id=${sent.body.data!.id}`)).body.data!.entries.content;
    expect(content).toBe("<p>Hello</p>");
  });

  it("stores a raw RFC 822 message for the inbox of X-Follow-Handle, attachments served to the owner", async () => {
    await setUp();
    const raw = await new MailComposer(newsletter()).compile().build();
    const sent = await post(raw, { "X-Follow-Handle": "news", "X-Follow-Secret": inbox.secret });
    expect(sent.status).toBe(200);
    const entry = (await page()).data![0]!.entries;
    expect(entry).toMatchObject({ id: sent.body.data!.id, guid: "issue-42@sender.example", title: "Weekly digest — №42 ✓" });
    const pdf = await t.request(new URL(entry.attachments![0]!.url).pathname, { cookie: annCookie });
    expect(await pdf.text()).toBe("%PDF-1.4 report");
  });

  it("refuses a wrong secret, an unknown inbox and a malformed body with the spec's codes", async () => {
    await setUp();
    expect(await post(workerMail(), { "X-Follow-Secret": "wrong" })).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await post(workerMail())).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await post(workerMail({ to: { address: `nobody@${MAIL_DOMAIN}` } }), { "X-Follow-Secret": inbox.secret })).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await post(workerMail({ to: { address: "news@elsewhere.example" } }), { "X-Follow-Secret": inbox.secret })).toMatchObject({ status: 404, body: { code: 10000 } });
    expect(await post(Buffer.from("Subject: x\r\n\r\nx"), { "X-Follow-Handle": "news", "X-Follow-Secret": "wrong" })).toMatchObject({ status: 403, body: { code: 10003 } });
    expect(await post(workerMail({ subject: 42 }), { "X-Follow-Secret": inbox.secret })).toMatchObject({ status: 400, body: { code: 1002 } });
    expect((await page()).total).toBe(0);
  });

  it("refuses a message over INBOX_MAIL_MAX_BYTES and past the inbox's hourly share", async () => {
    await setUp({ INBOX_MAIL_MAX_BYTES: "4096", INBOX_MAIL_PER_HOUR: "1" });
    const headers = { "X-Follow-Handle": "news", "X-Follow-Secret": inbox.secret };
    expect(await post(Buffer.alloc(5000, "a"), headers)).toMatchObject({ status: 413, body: { code: 14001 } });
    expect((await post(workerMail(), headers)).status).toBe(200);
    const refused = await t.request("/api/inboxes/email", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(workerMail({ messageId: "<w2@sender.example>" })) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 18000, reason: expect.stringContaining("1 messages an hour") });
  });
});
