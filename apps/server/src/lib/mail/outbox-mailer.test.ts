import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createMailer } from "./mailer.ts";

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function capturedLogger() {
  const stream = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>)));
  return { logger: createLogger({ level: "info", destination: stream }), lines };
}

describe("outbox mailer", () => {
  it("writes each message as an RFC 822 .eml file in DATA_DIR/outbox and logs its path", async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "tidings-outbox-"));
    const { logger, lines } = capturedLogger();
    const mailer = createMailer({ smtpUrl: null, from: "Tidings <no-reply@reader.example>", dataDir, logger });
    await mailer.send({ to: "ann@example.com", subject: "Hello Ann", text: "Open https://reader.example/x?token=abc", html: "<p>Hi</p>" });
    await mailer.send({ to: "bob@example.com", subject: "Hello Bob", text: "Second", html: "<p>Second</p>" });

    const outbox = path.join(dataDir, "outbox");
    const files = (await readdir(outbox)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((name) => name.endsWith(".eml"))).toBe(true);
    const first = await readFile(path.join(outbox, files[0]!), "utf8");
    expect(first).toMatch(/^From: Tidings <no-reply@reader\.example>$/m);
    expect(first).toMatch(/^To: ann@example\.com$/m);
    expect(first).toMatch(/^Subject: Hello Ann$/m);
    expect(first).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(first).toContain("https://reader.example/x?token=abc");
    expect((await stat(path.join(outbox, files[0]!))).mode & 0o777).toBe(0o600);

    await new Promise((resolve) => setImmediate(resolve));
    const written = lines.filter((line) => line.msg === "mail written to the outbox");
    expect(written.map((line) => line.file).sort()).toEqual(files.map((name) => path.join(outbox, name)));
    expect(written[0]).toMatchObject({ level: 30, module: "mail" });
  });
});
