// `npm run bench:mail [-- --messages N] [--connections N] [--db embedded|postgres]`: inbound mail
// through the real server. It starts `@tidings/server/main` over a temporary data directory (on
// its embedded PostgreSQL, as `npm start` runs; with `--db postgres` on a database of
// bench/bench-database.ts's by DATABASE_URL) with the SMTP receiver on, creates 4 inboxes and sends N newsletters (1000; one in ten with an
// inline image and a PDF attached) over a few parallel SMTP connections, as a mail relay would
// (the messages are composed before the clock starts: a relay forwards them ready-made).
// It prints the time from the first message to the last one accepted, and checks that every
// message is an entry of its inbox (none lost, none twice).
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type Mail from "nodemailer/lib/mailer";
import { benchDatabase, benchDatabaseKind } from "./bench/bench-database.ts";
import { freePort } from "@tidings/server/testing";
import { serverMain } from "./server-process.ts";
import { ROOT, SERVER_NODE_FLAGS } from "./web-build.ts";
import { waitForServer } from "./bench/wait-for-server.ts";

const { values } = parseArgs({
  options: { messages: { type: "string", default: "1000" }, connections: { type: "string", default: "4" }, db: { type: "string", default: "embedded" } },
});
const MESSAGES = Number(values.messages);
const CONNECTIONS = Number(values.connections);
const INBOXES = ["news", "digest", "letters", "updates"];
const DOMAIN = "in.bench.test";
const TARGET_MS = 20_000;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PARAGRAPH =
  "<p>This week in the garden: the kumquats ripened early, the river rose after three days of rain, and " +
  '<a href="https://sender.example/read?utm_source=mail">the long read</a> on coffee markets drew more letters than any issue before it.</p>';

const database = benchDatabaseKind(values.db, "embedded") === "postgres" ? await benchDatabase("postgres", { prefix: "tidings_mailbench", maxConnections: 10 }) : null;
const dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bench-mail-"));
const port = await freePort();
const smtpPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverMain()], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(database?.source.kind === "postgres" ? { DATABASE_URL: database.source.url } : {}),
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    SCHEDULER: "false",
    INBOX_EMAIL_SUFFIX: DOMAIN,
    SMTP_LISTEN_PORT: String(smtpPort),
    SMTP_LISTEN_HOST: "127.0.0.1",
    INBOX_MAIL_PER_HOUR: "0",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

function message(i: number): Mail.Options {
  const inbox = INBOXES[i % INBOXES.length]!;
  const withFiles = i % 10 === 0;
  return {
    from: `"Bench Sender ${i % 7}" <sender${i % 7}@sender.example>`,
    to: `${inbox}@${DOMAIN}`,
    subject: `Issue ${i}: kumquats, rivers and coffee`,
    messageId: `<bench-${i}@sender.example>`,
    date: new Date(Date.now() - i * 60_000),
    headers: { "List-Unsubscribe": `<https://sender.example/unsubscribe?u=${i}>` },
    text: `Issue ${i}\n\nThis week in the garden.`,
    html:
      `<html><body><h1>Issue ${i}</h1>${PARAGRAPH.repeat(12)}` +
      (withFiles ? '<img src="cid:logo@sender.example" alt="Logo">' : "") +
      `<img src="https://sender.us1.list-manage.com/track/open.php?u=1&id=${i}" width="1" height="1"></body></html>`,
    attachments: withFiles
      ? [
          { filename: "logo.png", content: PNG, contentType: "image/png", cid: "logo@sender.example" },
          { filename: `issue-${i}.pdf`, content: Buffer.alloc(20 * 1024, "%PDF"), contentType: "application/pdf" },
        ]
      : [],
  };
}

try {
  await waitForServer(base);
  const signUp = await fetch(`${base}/api/better-auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "mail-bench@example.com", password: "correct horse battery", name: "Bench Reader" }),
  });
  const headers = { cookie: (signUp.headers.getSetCookie()[0] ?? "").split(";")[0]!, origin: base, "content-type": "application/json" };
  for (const handle of INBOXES) {
    const created = await fetch(`${base}/api/inboxes`, { method: "POST", headers, body: JSON.stringify({ handle }) });
    if (!created.ok) throw new Error(`inbox ${handle}: ${created.status} ${await created.text()}`);
  }

  const messages = await Promise.all(
    Array.from({ length: MESSAGES }, async (_, i) => {
      const options = message(i);
      return { envelope: { from: "bounces@sender.example", to: [String(options.to)] }, raw: await new MailComposer(options).compile().build() };
    }),
  );
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: CONNECTIONS, maxMessages: Infinity });
  const started = performance.now();
  const results = await Promise.allSettled(messages.map((prepared) => transport.sendMail(prepared)));
  const elapsedMs = performance.now() - started;
  transport.close();
  const failed = results.filter((result) => result.status === "rejected");

  let stored = 0;
  for (const inboxId of INBOXES) {
    const answer = await fetch(`${base}/api/entries/inbox`, { method: "POST", headers, body: JSON.stringify({ inboxId, limit: 1 }) });
    stored += ((await answer.json()) as { total: number }).total;
  }
  const seconds = (elapsedMs / 1000).toFixed(1);
  console.log(
    `${MESSAGES} e-mails over ${CONNECTIONS} SMTP connections (${database ? database.label : "embedded PostgreSQL of npm start"}): accepted in ${seconds} s ` +
      `(${Math.round(MESSAGES / (elapsedMs / 1000))} messages/s); ${stored} entries stored, ${failed.length} refused`,
  );
  if (failed.length) console.log(`first refusal: ${String((failed[0] as PromiseRejectedResult).reason)}`);
  if (stored !== MESSAGES || failed.length) {
    console.log(`FAIL: ${MESSAGES - stored} of ${MESSAGES} messages were not stored`);
    process.exitCode = 1;
  } else if (elapsedMs > TARGET_MS) {
    console.log(`FAIL: slower than the target of ${TARGET_MS / 1000} s`);
    process.exitCode = 1;
  } else {
    console.log(`OK: none lost, within the target of ${TARGET_MS / 1000} s`);
  }
} finally {
  server.kill("SIGTERM");
  if (server.exitCode === null) await new Promise((resolve) => server.once("exit", resolve));
  await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  await database?.drop();
}
