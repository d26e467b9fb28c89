import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { BackupFileError } from "./backup-format.ts";

/** The longest line a backup may hold (one row: a stored file's bytes as hex, say). */
const MAX_LINE_CHARS = 512 * 1024 * 1024;

/**
 * The lines of a gzip'd backup, one by one. A damaged or cut-short file fails with a
 * {@link BackupFileError} (gzip checks its own length and checksum at the end).
 */
export async function* readBackupLines(input: Readable): AsyncGenerator<string> {
  const gunzip = pipeline(input, createGunzip(), () => {});
  const decoder = new StringDecoder("utf8");
  let pending = "";
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      pending += decoder.write(chunk);
      let start = 0;
      for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n", start)) {
        yield pending.slice(start, end);
        start = end + 1;
      }
      pending = pending.slice(start);
      if (pending.length > MAX_LINE_CHARS) throw new BackupFileError("The backup is damaged: a line is longer than any row can be");
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "Z_BUF_ERROR" || code === "Z_DATA_ERROR" || code === "ERR_STREAM_PREMATURE_CLOSE") {
      throw new BackupFileError(`The backup file is damaged or cut short (gzip: ${(error as Error).message})`, { cause: error });
    }
    throw error;
  } finally {
    gunzip.destroy();
  }
  pending += decoder.end();
  if (pending.length > 0) yield pending;
}
