import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { describe, expect, it } from "vitest";
import { parseMail } from "./parse-mail.ts";

const compose = (options: ConstructorParameters<typeof MailComposer>[0]) => new MailComposer(options).compile().build();

describe("parseMail", () => {
  it("reads headers, bodies and parts, keeping cid: links", async () => {
    const raw = await compose({
      from: '"Newsletter Ünïcode" <news@sender.example>',
      to: "inbox@in.example",
      subject: "Weekly digest — №42 ✓",
      messageId: "<m42@sender.example>",
      date: new Date("2026-11-20T08:00:00Z"),
      text: "Plain",
      html: '<p>Hi <img src="cid:logo@x"></p>',
      attachments: [
        { filename: "logo.png", content: Buffer.from("png"), contentType: "image/png", cid: "logo@x" },
        { filename: "notes.txt", content: "notes", contentType: "text/plain" },
      ],
      headers: {
        "List-Unsubscribe": "<mailto:leave@sender.example>, <https://sender.example/u?a=1&b=2> (Unsubscribe)",
        "List-Id": "Weekly Digest <digest.sender.example>",
        "Archived-At": "<https://sender.example/issues/42>",
      },
    });
    expect(await parseMail(raw)).toEqual({
      messageId: "<m42@sender.example>",
      subject: "Weekly digest — №42 ✓",
      from: { name: "Newsletter Ünïcode", address: "news@sender.example" },
      date: new Date("2026-11-20T08:00:00Z"),
      html: '<p>Hi <img src="cid:logo@x"></p>',
      text: "Plain",
      unsubscribeUrl: "https://sender.example/u?a=1&b=2",
      listName: "Weekly Digest",
      webUrl: "https://sender.example/issues/42",
      parts: [
        { filename: "logo.png", contentType: "image/png", content: Buffer.from("png"), contentId: "logo@x" },
        { filename: "notes.txt", contentType: "text/plain", content: Buffer.from("notes"), contentId: null },
      ],
    });
  });

  it("has no date, list or web address when the headers do not give them", async () => {
    const raw = Buffer.from("From: a@b.example\r\nDate: someday\r\nList-Unsubscribe: <mailto:x@b.example>\r\nSubject: x\r\n\r\nbody\r\n");
    expect(await parseMail(raw)).toMatchObject({ date: null, unsubscribeUrl: null, listName: null, webUrl: null, messageId: null, html: null, text: "body\n" });
  });
});
