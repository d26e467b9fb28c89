import { describe, expect, it } from "vitest";
import type { MailMessage } from "./mail-message.ts";
import { mailToEntry } from "./mail-to-entry.ts";

const now = new Date("2026-11-22T12:00:00Z");
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

function message(overrides: Partial<MailMessage> = {}): MailMessage {
  return {
    messageId: "<abc@sender.example>",
    subject: "Weekly digest",
    from: { name: "Newsletter", address: "news@sender.example" },
    date: new Date("2026-11-20T08:00:00Z"),
    html: null,
    text: null,
    unsubscribeUrl: null,
    listName: null,
    webUrl: null,
    parts: [],
    ...overrides,
  };
}

function convert(input: MailMessage) {
  let next = 100;
  return mailToEntry(input, { now, newId: () => String(next++), fileUrl: (id, name) => `https://read.example/api/attachments/${id}/${encodeURIComponent(name)}` });
}

describe("mailToEntry", () => {
  it("maps subject, sender, date and Message-ID", () => {
    const { fields, files } = convert(message({ html: "<p>Hello <b>reader</b></p>" }));
    expect(fields).toMatchObject({
      guid: "abc@sender.example",
      title: "Weekly digest",
      author: "Newsletter <news@sender.example>",
      publishedAt: new Date("2026-11-20T08:00:00Z"),
      content: "<p>Hello <b>reader</b></p>",
      description: "Hello reader",
      url: null,
      attachments: null,
      extra: null,
    });
    expect(files).toEqual([]);
  });

  it.each([
    ["no Date header", null],
    ["a Date in the future", new Date("2027-01-01T00:00:00Z")],
  ])("publishes at the arrival time with %s", (_name, date) => {
    expect(convert(message({ date })).fields.publishedAt).toEqual(now);
  });

  it("names the sender by whichever of name and address there is", () => {
    expect(convert(message({ from: { name: null, address: "a@b.example" } })).fields.author).toBe("a@b.example");
    expect(convert(message({ from: { name: "Ann", address: null } })).fields.author).toBe("Ann");
    expect(convert(message({ from: null })).fields.author).toBeNull();
  });

  it("hashes the message into a guid when it has no Message-ID, the same for the same message", () => {
    const a = convert(message({ messageId: null, text: "Same" })).fields.guid;
    expect(a).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(convert(message({ messageId: " ", text: "Same" })).fields.guid).toBe(a);
    expect(convert(message({ messageId: null, text: "Other" })).fields.guid).not.toBe(a);
  });

  it("sanitises the HTML: scripts, handlers and the document's head are gone", () => {
    const html = '<html><head><title>T</title><style>p{}</style></head><body><p onclick="x()">Hi</p><script>alert(1)</script><a href="javascript:x">l</a></body></html>';
    const { content } = convert(message({ html })).fields;
    expect(content).toContain("Hi");
    expect(content).not.toMatch(/script|onclick|alert|javascript|<title|p\{\}/);
  });

  it("makes paragraphs of a text-only message, escaped, with its links", () => {
    const text = "Hello <you> & co.\r\nsecond line\r\n\r\nSee https://example.com/a?b=1&c=2.\n\n\n";
    const { content, description } = convert(message({ text })).fields;
    expect(content).toBe(
      '<p>Hello &lt;you&gt; &amp; co.<br />second line</p><p>See <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">https://example.com/a?b=1&amp;c=2</a>.</p>',
    );
    expect(description).toBe("Hello <you> & co.\nsecond line\nSee https://example.com/a?b=1&c=2.");
  });

  it("points cid: images at their stored files and lists the other parts as attachments", () => {
    const { fields, files } = convert(
      message({
        html: '<p>Logo: <img src="cid:logo@x" alt="logo"> <img src="CID:missing@x"></p>',
        parts: [
          { filename: "logo.png", contentType: "image/png", content: PNG, contentId: "logo@x" },
          { filename: "../../etc/report 1.pdf", contentType: "application/pdf; name=x", content: Buffer.from("%PDF-1.4"), contentId: null },
          { filename: null, contentType: "text/calendar", content: Buffer.from("BEGIN:VCALENDAR"), contentId: "unused@x" },
          { filename: "empty.txt", contentType: "text/plain", content: Buffer.alloc(0), contentId: null },
        ],
      }),
    );
    expect(fields.content).toBe('<p>Logo: <img src="https://read.example/api/attachments/100/logo.png" alt="logo" loading="lazy" decoding="async" /> </p>');
    expect(files.map((file) => [file.id, file.filename, file.contentType, file.bytes.byteLength])).toEqual([
      ["100", "logo.png", "image/png", PNG.byteLength],
      ["101", "report 1.pdf", "application/pdf", 8],
      ["102", "part-3.calendar", "text/calendar", 15],
    ]);
    expect(fields.attachments).toEqual([
      { url: "https://read.example/api/attachments/101/report%201.pdf", mime_type: "application/pdf", size_in_bytes: 8, title: "report 1.pdf" },
      { url: "https://read.example/api/attachments/102/part-3.calendar", mime_type: "text/calendar", size_in_bytes: 15, title: "part-3.calendar" },
    ]);
  });

  it.each([
    ["a 1×1 image", '<img src="https://cdn.example/p.gif" width="1" height="1">'],
    ["a zero-width image", '<img src="https://cdn.example/p.gif" width="0">'],
    ["an image styled to a pixel", '<img src="https://cdn.example/p.gif" style="width:1px; height: 1px !important">'],
    ["a hidden image", '<img src="https://cdn.example/p.gif" style="display:none">'],
    ["Mailchimp's open pixel", '<img src="https://sender.us1.list-manage.com/track/open.php?u=1&amp;id=2">'],
    ["SendGrid's open pixel", '<img src="https://u123.ct.sendgrid.net/wf/open?upn=abc">'],
    ["Amazon SES's open pixel", '<img src="https://abc.r.us-east-1.awstrack.me/I0/0100/xyz">'],
    ["a Mailgun open pixel", '<img src="https://email.mg.substack.com/o/eJwlj">'],
    ["a generic open pixel", '<img alt="" src="https://news.example/t/open.gif?id=9">'],
  ])("removes %s", (_name, pixel) => {
    const { content } = convert(message({ html: `<p>Before</p>${pixel}<p>After <img src="https://cdn.example/photo.jpg" width="600"></p>` })).fields;
    expect(content).toBe('<p>Before</p><p>After <img src="https://cdn.example/photo.jpg" width="600" loading="lazy" decoding="async" /></p>');
  });

  it("keeps ordinary images whose URL only resembles a tracker", () => {
    const html = '<img src="https://cdn.example/open/house.jpg"><img src="https://cdn.example/pixel-art.png" style="max-width:100%">';
    expect(convert(message({ html })).fields.content).toContain("house.jpg");
    expect(convert(message({ html })).fields.content).toContain("pixel-art.png");
  });

  it("opens the content with the list's unsubscribe link, and keeps it in extra", () => {
    const { fields } = convert(
      message({ html: "<p>Issue 42</p>", unsubscribeUrl: "https://sender.example/unsub?u=1", listName: "Weekly <Digest>", webUrl: "https://sender.example/issues/42" }),
    );
    expect(fields.content).toBe(
      '<p><small><a href="https://sender.example/unsub?u=1" rel="noopener noreferrer nofollow" target="_blank">Unsubscribe</a> from Weekly &lt;Digest&gt;</small></p><p>Issue 42</p>',
    );
    expect(fields.description).toBe("Issue 42");
    expect(fields.url).toBe("https://sender.example/issues/42");
    expect(fields.extra).toEqual({ links: [{ url: "https://sender.example/unsub?u=1", type: "unsubscribe" }] });
  });

  it("stores an empty message as an entry without content", () => {
    expect(convert(message({ subject: "  ", html: null, text: null })).fields).toMatchObject({ title: null, content: null, description: null });
  });
});
