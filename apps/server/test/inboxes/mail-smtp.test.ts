import type { InboxSummary, TimelineItem } from "@tidings/contracts";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { files } from "../../src/db/schema/index.ts";
import type { SmtpReceiver } from "../../src/features/inboxes/mail/smtp-receiver.ts";
import { apiAs, type Api } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { MAIL_DOMAIN, newsletter, PNG, sendMail, smtpDialogue, startReceiver } from "./mail-helpers.ts";

let t: TestApp;
let receiver: SmtpReceiver;
let ann: Api;
let annCookie: string;
let annId: string;
let bobCookie: string;

async function setUp(env: Record<string, string> = {}) {
  t = await createTestApp({ INBOX_EMAIL_SUFFIX: MAIL_DOMAIN, ...env });
  receiver = await startReceiver(t);
  const a = await signUp(t, { email: "ann@example.com" });
  ann = apiAs(t, a.cookie);
  annCookie = a.cookie;
  annId = a.userId;
  bobCookie = (await signUp(t, { email: "bob@example.com" })).cookie;
  await ann.post<InboxSummary>("/inboxes", { handle: "news", title: "News" });
}
afterEach(async () => {
  await receiver.close();
  await t.close();
});

const page = async (inboxId = "news") => (await ann.post<TimelineItem[]>("/entries/inbox", { inboxId })).body;
const pathOf = (url: string) => new URL(url).pathname;
const filesOf = async (userId: string) =>
  (await t.deps.db.select({ count: sql<number>`count(*)::int` }).from(files).where(eq(files.userId, userId)))[0]!.count;

describe("the SMTP receiver", () => {
  beforeEach(() => setUp({ INBOX_MAIL_MAX_BYTES: String(64 * 1024) }));

  it("stores a multipart newsletter in the inbox: sanitised, its inline image and attachment served to the owner", async () => {
    const sent = await sendMail(receiver, newsletter());
    expect(sent.accepted).toEqual([`news@${MAIL_DOMAIN}`]);

    const { data, total, remaining } = await page();
    expect({ total, remaining }).toEqual({ total: 1, remaining: 1 });
    const entry = data![0]!.entries;
    expect(entry).toMatchObject({
      guid: "issue-42@sender.example",
      title: "Weekly digest — №42 ✓",
      author: "Weekly Digest <digest@sender.example>",
      publishedAt: "2026-11-20T08:00:00.000Z",
      description: "Dear reader, the kumquat season opens.",
      inboxHandle: "news",
    });
    const content = (await ann.get<TimelineItem>(`/entries/inbox?id=${entry.id}`)).body.data!.entries.content!;
    expect(content).not.toMatch(/script|alert|list-manage|color:red|cid:/);
    expect(content).toContain('<a href="https://sender.example/unsubscribe?u=1"');
    expect(content).toContain(">Unsubscribe</a> from Weekly Digest");

    // The inline image: in the content, at a URL only its owner can open.
    const image = /<img src="([^"]+)" alt="Logo"/.exec(content)?.[1];
    expect(image).toMatch(/^http:\/\/localhost:3000\/api\/attachments\/\d+\/logo\.png$/);
    const shown = await t.request(pathOf(image!), { cookie: annCookie });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(PNG);

    // The PDF: an attachment of the entry, downloaded with the right bytes.
    expect(entry.attachments).toEqual([
      { url: expect.stringMatching(/\/api\/attachments\/\d+\/report\.pdf$/), mime_type: "application/pdf", size_in_bytes: 15, title: "report.pdf" },
    ]);
    const pdfPath = pathOf(entry.attachments![0]!.url);
    const pdf = await t.request(pdfPath, { cookie: annCookie });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe("attachment; filename*=UTF-8''report.pdf");
    expect(pdf.headers.get("cache-control")).toMatch(/^private/);
    expect(await pdf.text()).toBe("%PDF-1.4 report");

    // Nobody else: not another reader, not a stranger, not through the public avatar route.
    expect((await t.request(pdfPath, { cookie: bobCookie })).status).toBe(404);
    expect((await t.request(pdfPath)).status).toBe(401);
    expect((await t.request(`/api/files/${pdfPath.split("/")[3]}`)).status).toBe(404);

    // Indexed for search as webhook entries are.
    const found = await ann.get<{ items: { entries: { id: string } }[] }>("/search?q=kumquat");
    expect(found.body.data!.items.map((item) => item.entries.id)).toEqual([entry.id]);
  });

  it("stores a message delivered again once, files included", async () => {
    await sendMail(receiver, newsletter());
    await sendMail(receiver, newsletter({ subject: "Resent" }));
    const { data, total } = await page();
    expect(total).toBe(1);
    expect(data![0]!.entries.title).toBe("Weekly digest — №42 ✓");
    expect(await filesOf(annId)).toBe(2);
  });

  it("deletes a message's files with its entry, and every file of a deleted inbox, never the avatar", async () => {
    const avatar = new FormData();
    avatar.set("file", new Blob([PNG], { type: "image/png" }), "me.png");
    const uploaded = await t.request("/api/upload/avatar", { method: "POST", body: avatar, cookie: annCookie });
    const avatarPath = pathOf(((await uploaded.json()) as { data: { url: string } }).data.url);

    await sendMail(receiver, newsletter());
    await sendMail(receiver, newsletter({ messageId: "<issue-43@sender.example>" }));
    expect(await filesOf(annId)).toBe(5);
    const entry = (await page()).data![0]!.entries;
    expect((await ann.delete("/entries/inbox", { entryId: entry.id })).status).toBe(200);
    expect(await filesOf(annId)).toBe(3);
    expect((await t.request(pathOf(entry.attachments![0]!.url), { cookie: annCookie })).status).toBe(404);

    expect((await ann.delete("/inboxes", { handle: "news" })).status).toBe(200);
    expect(await filesOf(annId)).toBe(1);
    expect((await t.request(avatarPath)).status).toBe(200);
  });

  it("makes paragraphs of a text-only message", async () => {
    await sendMail(receiver, { from: "a@b.example", to: `NEWS@${MAIL_DOMAIN.toUpperCase()}`, subject: "Plain", text: "Line <one>\nline two\n\nSee https://example.com/x" });
    const id = (await page()).data![0]!.entries.id;
    const content = (await ann.get<TimelineItem>(`/entries/inbox?id=${id}`)).body.data!.entries.content;
    expect(content).toBe('<p>Line &lt;one&gt;<br />line two</p><p>See <a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">https://example.com/x</a></p>');
  });

  it("refuses unknown inboxes and other domains at RCPT, and takes the rest", async () => {
    await expect(sendMail(receiver, newsletter({ to: `nobody@${MAIL_DOMAIN}` }))).rejects.toMatchObject({ responseCode: 550 });
    await expect(sendMail(receiver, newsletter({ to: "news@elsewhere.example" }))).rejects.toMatchObject({ responseCode: 550 });
    const sent = await sendMail(receiver, newsletter({ to: [`nobody@${MAIL_DOMAIN}`, `news@${MAIL_DOMAIN}`] }));
    expect({ accepted: sent.accepted, rejected: sent.rejected }).toEqual({ accepted: [`news@${MAIL_DOMAIN}`], rejected: [`nobody@${MAIL_DOMAIN}`] });
    expect((await page()).total).toBe(1);
  });

  it("announces its size limit and refuses a message over it, declared or not", async () => {
    const replies = await smtpDialogue(receiver, ["EHLO client.example", "MAIL FROM:<a@b.example> SIZE=70000", "MAIL FROM:<a@b.example> SIZE=1000", "QUIT"]);
    expect(replies[1]).toContain(`SIZE ${64 * 1024}`);
    expect(replies[2]).toMatch(/^552 /);
    expect(replies[3]).toMatch(/^250 /);

    const big = Buffer.alloc(80 * 1024, "a");
    await expect(sendMail(receiver, newsletter({ attachments: [{ filename: "big.bin", content: big }] }))).rejects.toMatchObject({ responseCode: 552 });
    expect((await page()).total).toBe(0);
    expect(await filesOf(annId)).toBe(0);
  });

  it("makes one entry per distinct inbox of the recipients", async () => {
    await ann.post("/inboxes", { handle: "digest" });
    await apiAs(t, bobCookie).post("/inboxes", { handle: "bobs" });
    const sent = await sendMail(receiver, newsletter({ to: [`news@${MAIL_DOMAIN}`, `News+weekly@${MAIL_DOMAIN}`, `digest@${MAIL_DOMAIN}`], bcc: `bobs@${MAIL_DOMAIN}` }));
    expect(sent.accepted).toHaveLength(4);
    expect((await page("news")).total).toBe(1);
    expect((await page("digest")).total).toBe(1);
    const bobs = await apiAs(t, bobCookie).post<TimelineItem[]>("/entries/inbox", { inboxId: "bobs" });
    expect(bobs.body.total).toBe(1);
    // Each owner has the files of their own entry.
    expect(await filesOf(annId)).toBe(4);
    const bobPdf = pathOf(bobs.body.data![0]!.entries.attachments![0]!.url);
    expect((await t.request(bobPdf, { cookie: bobCookie })).status).toBe(200);
    expect((await t.request(bobPdf, { cookie: annCookie })).status).toBe(404);
  });
});

describe("the SMTP receiver's rate limit", () => {
  beforeEach(() => setUp({ INBOX_MAIL_PER_HOUR: "2" }));

  it("defers an inbox's messages past its hourly share with a temporary error, other inboxes unaffected", async () => {
    await ann.post("/inboxes", { handle: "other" });
    for (const n of [1, 2]) await sendMail(receiver, newsletter({ messageId: `<m${n}@sender.example>` }));
    await expect(sendMail(receiver, newsletter({ messageId: "<m3@sender.example>" }))).rejects.toMatchObject({ responseCode: 451 });
    await sendMail(receiver, newsletter({ messageId: "<m4@sender.example>", to: `other@${MAIL_DOMAIN}` }));
    expect((await page("news")).total).toBe(2);
    expect((await page("other")).total).toBe(1);
  });
});
