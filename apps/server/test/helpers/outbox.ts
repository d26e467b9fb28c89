import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** One message as a reader sees it: headers decoded enough for tests, text and HTML bodies. */
export interface ParsedMail {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.indexOf("\n\n");
  const head = raw.slice(0, at).replace(/\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(at + 2) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return Buffer.from(
        body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=`) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
  );
}

/** Parses an RFC 822 message with a text part, an HTML part, or both (multipart/alternative). */
export function parseMail(raw: string, file = ""): ParsedMail {
  const { headers, body } = splitHead(raw.replace(/\r\n/g, "\n"));
  const parts = { text: "", html: "" };
  const visit = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.startsWith("multipart/") && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith("--")) break;
        const inner = splitHead(chunk.replace(/^\n/, ""));
        visit(inner.headers, inner.body.replace(/\n$/, ""));
      }
      return;
    }
    const decoded = decodeBody(partBody, partHeaders.get("content-transfer-encoding"));
    if (type.startsWith("text/html")) parts.html = decoded;
    else if (type.startsWith("text/plain")) parts.text = decoded;
  };
  visit(headers, body);
  return {
    file,
    from: decodeHeader(headers.get("from") ?? ""),
    to: decodeHeader(headers.get("to") ?? ""),
    subject: decodeHeader(headers.get("subject") ?? ""),
    ...parts,
  };
}

/** Every message in `dataDir/outbox`, oldest first. */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, "outbox");
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(names.map(async (name) => parseMail(await readFile(path.join(dir, name), "utf8"), path.join(dir, name))));
}

/** Waits (up to `timeoutMs`) for a message to `to` whose subject matches, and answers the newest. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, timeoutMs = 5000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
    if (found.length) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} in ${dataDir}/outbox`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first absolute link of a message's text. */
export function linkIn(mail: Pick<ParsedMail, "text">): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in mail: ${mail.text}`);
  return match[0];
}
