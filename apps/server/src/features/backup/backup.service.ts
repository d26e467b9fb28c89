import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Database, DatabaseDriver } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";
import { writeBackup, type BackupSummary } from "./write-backup.ts";

export interface BackupDownload {
  /** The backup's bytes; its file is already gone from the disk (only this stream holds it). */
  stream: Readable;
  bytes: number;
  fileName: string;
  summary: BackupSummary;
}

/**
 * Backups the running server makes of its own database. The snapshot is written to a temporary
 * file first and sent from there: the transaction (and the connection it holds) never waits
 * on a slow download.
 */
export function createBackupService(deps: { db: Database; driver: DatabaseDriver | "pglite"; logger: Logger; now: () => Date; tempDir?: string }) {
  return {
    async download(): Promise<BackupDownload> {
      const dir = await mkdtemp(path.join(deps.tempDir ?? os.tmpdir(), "tidings-backup-"));
      const file = path.join(dir, "backup.jsonl.gz");
      try {
        const output = createWriteStream(file, { mode: 0o600 });
        const summary = await writeBackup(deps.db, deps.driver, output, deps.now);
        const stream = createReadStream(file);
        await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
        const bytes = output.bytesWritten;
        deps.logger.info({ ...summary, bytes }, "backup made");
        return { stream, bytes, fileName: `tidings-${deps.now().toISOString().replace(/[:.]/g, "-")}.backup.jsonl.gz`, summary };
      } finally {
        // Open files outlive their name: the stream reads on, nothing is left behind.
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
