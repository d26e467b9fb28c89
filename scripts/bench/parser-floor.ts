import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Parser } from "htmlparser2";

/** The floor of a refresh's reading: its documents decoded and tokenised, no more. */
export interface ParserFloor {
  documents: number;
  megabytes: number;
  /** Processor time of this thread for the best of the passes. */
  cpuSeconds: number;
}

/** The charset a document declares in its first bytes (XML declaration), UTF-8 without one. */
function declaredCharset(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(200, bytes.byteLength)).toString("latin1");
  return /^<\?xml[^>]*\sencoding=["']([\w.:-]+)["']/i.exec(head)?.[1] ?? "utf-8";
}

const decoders = new Map<string, TextDecoder>();
function decode(bytes: Uint8Array): string {
  const charset = declaredCharset(bytes).toLowerCase();
  let decoder = decoders.get(charset);
  if (!decoder) {
    decoder = new TextDecoder(charset);
    decoders.set(charset, decoder);
  }
  return decoder.decode(bytes);
}

/**
 * The parser's floor for the feeds generated in `dir` (../shared/bench's gen-feeds.mjs), as
 * issue 41 sets it: every document decoded (the charset it declares) and tokenised with
 * htmlparser2 in XML mode, doing nothing with the tokens (JSON Feeds: JSON.parse). Measured on
 * this thread, best of `passes` (the first warms the compiler), in the same run as the refresh it
 * is compared with, so that a slower or busier machine moves both alike.
 */
export function measureParserFloor(dir: string, passes = 2): ParserFloor {
  const files = readdirSync(dir)
    .filter((name) => /\.(rss|rdf|atom|xml|json)$/.test(name) && name !== "manifest.json")
    .map((name) => readFileSync(path.join(dir, name)));
  let best = Infinity;
  for (let pass = 0; pass < passes; pass++) {
    const before = process.threadCpuUsage();
    for (const bytes of files) {
      const text = decode(bytes);
      if (text.trimStart().startsWith("{")) JSON.parse(text);
      else new Parser({}, { xmlMode: true }).end(text);
    }
    const used = process.threadCpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  return { documents: files.length, megabytes: files.reduce((sum, bytes) => sum + bytes.byteLength, 0) / 1e6, cpuSeconds: best };
}
