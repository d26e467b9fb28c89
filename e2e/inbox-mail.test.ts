import nodemailer from "nodemailer";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot } from "./helpers/browser.ts";
import { apiAt, freePort, type RunningServer, signedInContext, startServer } from "./helpers/extra-server.ts";

// Inbound e-mail (issue 13 §2): a real SMTP client sends a newsletter to an inbox's address on the
// server's embedded receiver; the reader finds it in the inbox's timeline, images and attachment
// served, tracking pixel and script gone, the unsubscribe link on top.

const DOMAIN = "in.tidings.test";
/** A 12×12 red PNG: the newsletter's inline logo. */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAwAAAAMCAIAAADZF8uwAAAAFElEQVR42mP4z8BAEmIY1TCqgSYaAIhZKvWNYdqeAAAAAElFTkSuQmCC",
  "base64",
);

let browser: Browser;
let server: RunningServer;
let smtpPort: number;

beforeAll(async () => {
  browser = await launchBrowser();
  smtpPort = await freePort();
  server = await startServer({ SMTP_LISTEN_PORT: String(smtpPort), SMTP_LISTEN_HOST: "127.0.0.1", INBOX_EMAIL_SUFFIX: DOMAIN });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("inbox mail", () => {
  it("shows a mailed newsletter in the inbox timeline, with its inline image and attachment", async () => {
    const { context } = await signedInContext(browser, server.baseURL);
    const handle = `mail${Math.random().toString(36).slice(2, 8)}`;
    const inbox = await apiAt<{ email: string }>(context, server.baseURL, "POST", "/inboxes", { handle, title: "Newsletters" });
    expect(inbox.email).toBe(`${handle}@${DOMAIN}`);

    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: "Harbour Weekly <news@harbour.example>",
        to: inbox.email,
        subject: "Harbour Weekly: the tides of November",
        messageId: "<november@harbour.example>",
        html:
          '<h2>The tides of November</h2><p>Spring tides come back on the <b>14th</b>.</p><p><img src="cid:logo@harbour.example" alt="Harbour logo" width="120"></p>' +
          '<script>document.title = "pwned"</script><img src="https://list-manage.example/track/open.php?u=1" width="1" height="1" alt="">',
        text: "The tides of November",
        attachments: [
          { filename: "logo.png", content: LOGO, contentType: "image/png", cid: "logo@harbour.example" },
          { filename: "tide-table.csv", content: "day,high\n14,06:12\n", contentType: "text/csv" },
        ],
        list: { unsubscribe: { url: "https://harbour.example/unsubscribe?u=7", comment: "Unsubscribe" } },
      });
      // Sent again (a relay's retry): still one entry.
      await transport.sendMail({ from: "news@harbour.example", to: inbox.email, subject: "Harbour Weekly: the tides of November", messageId: "<november@harbour.example>", text: "again" });
      // An address no inbox has is refused at RCPT.
      await expect(transport.sendMail({ from: "news@harbour.example", to: `nobody@${DOMAIN}`, subject: "x", text: "x" })).rejects.toThrow(/550/);
    } finally {
      transport.close();
    }

    const page = await context.newPage();
    await page.goto(`/timeline/view-0/inbox-${handle}`);
    const row = page.locator("[data-entry-id]", { hasText: "Harbour Weekly: the tides of November" });
    await row.waitFor();
    expect(await page.locator("[data-entry-id]").count()).toBe(1);
    await row.click();
    const reader = page.getByTestId("entry-reader");
    await reader.getByText("Spring tides come back on the").waitFor();
    const logo = reader.getByRole("img", { name: "Harbour logo" });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(12);
    await reader.getByRole("link", { name: "Unsubscribe" }).waitFor();
    expect(await reader.getByRole("link", { name: "Unsubscribe" }).getAttribute("href")).toBe("https://harbour.example/unsubscribe?u=7");
    expect(await reader.locator("img[src*='track/open']").count()).toBe(0);
    expect(await page.title()).not.toBe("pwned");
    // The attachment is listed and served to the owner.
    const attachments = page.getByTestId("entry-attachments");
    await attachments.getByText("tide-table.csv").waitFor();
    const href = await attachments.locator("a", { hasText: "tide-table.csv" }).first().getAttribute("href");
    expect(href).toBeTruthy();
    const served = await context.request.get(href!);
    expect(served.ok()).toBe(true);
    expect(await served.text()).toBe("day,high\n14,06:12\n");
    await screenshot(page, "inbox-mail-01-reader");
    await context.close();
  });
});
