import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { linkIn, parseMail, type ParsedMail } from "../helpers/outbox.ts";

let t: TestApp | undefined;
let server: SMTPServer | undefined;
afterEach(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  t = undefined;
  server = undefined;
});

/** A real SMTP server on 127.0.0.1 (port 0) that keeps what it receives. */
async function startSmtp() {
  const received: (ParsedMail & { envelopeTo: string[] })[] = [];
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ ...parseMail(Buffer.concat(chunks).toString("utf8")), envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.server.address() as AddressInfo).port, received };
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("mail over SMTP", () => {
  it("sends the verification mail through SMTP_URL from MAIL_FROM, with the link", async () => {
    const smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Tidings <hello@reader.example>" });
    await signUp(t, { email: "ann@example.com" });
    const mail = await waitFor(() => smtp.received.find((message) => message.envelopeTo.includes("ann@example.com")));
    expect(mail.from).toBe("Tidings <hello@reader.example>");
    expect(mail.subject).toMatch(/Verify your e-mail/);
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/better-auth\/verify-email\?token=/);
    const url = new URL(link);
    expect((await t.request(url.pathname + url.search)).status).toBe(302);
    const verified = await t.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "ann@example.com") });
    expect(verified?.emailVerified).toBe(true);
  });

  it("sends the password-reset mail through SMTP", async () => {
    const smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await signUp(t, { email: "ann@example.com" });
    await t.request("/api/better-auth/request-password-reset", { json: { email: "ann@example.com" } });
    const mail = await waitFor(() => smtp.received.find((message) => /Reset your/.test(message.subject)));
    expect(linkIn(mail)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=\w+/);
  });
});
