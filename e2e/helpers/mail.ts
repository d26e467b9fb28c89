import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Undoes quoted-printable soft breaks and escapes, enough to find links in a message. */
function unQuote(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Waits for a message to `to` in the server's outbox (`DATA_DIR/outbox/*.eml`, written when no
 * SMTP server is set) with a link whose address contains `part`; answers that link.
 */
export async function linkFromOutbox(dataDir: string, to: string, part: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith(".eml")).sort().reverse()) {
      const text = unQuote(await readFile(path.join(dir, name), "utf8"));
      if (!new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(text)) continue;
      const link = (text.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((candidate) => candidate.includes(part));
      if (link) return link.replace(/&amp;/g, "&");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link to …${part}… in ${dir}`);
}
