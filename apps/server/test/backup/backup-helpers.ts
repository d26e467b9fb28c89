import { PassThrough, Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { gunzipSync } from "node:zlib";
import { createApp } from "../../src/app.ts";
import type { Database, DatabaseHandle } from "../../src/db/client.ts";
import { loadConfig } from "../../src/env.ts";
import { writeBackup } from "../../src/features/backup/write-backup.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createRoot } from "../../src/root.ts";
import { requestThrough, type TestApp } from "../helpers/app.ts";

/** A backup of `db` as bytes (gzip). */
export async function backupBytes(handle: Pick<DatabaseHandle, "db" | "driver">): Promise<Buffer> {
  const sink = new PassThrough();
  const bytes = buffer(sink);
  await writeBackup(handle.db, handle.driver, sink);
  return bytes;
}

/** Each table's rows, as sorted JSON lines, from a backup: what two databases must share to hold the same data. */
export function tableContents(backup: Buffer): Map<string, string[]> {
  const lines = gunzipSync(backup).toString("utf8").trimEnd().split("\n");
  const header = JSON.parse(lines[0]!) as { tables: { name: string; rows: number }[] };
  const contents = new Map<string, string[]>();
  let at = 1;
  for (const table of header.tables) {
    contents.set(table.name, lines.slice(at, at + table.rows).sort());
    at += table.rows;
  }
  return contents;
}

export const streamOf = (bytes: Buffer) => Readable.from([bytes]);

/** The real app over an already open database (the restored one), as `createTestApp` builds it. */
export function appOver(database: DatabaseHandle & { url: string | null }, env: Record<string, string> = {}): TestApp {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/nonexistent", ...env });
  const deps = createRoot({ config, logger: createLogger({ level: "silent" }), database, authSecret: "test-secret-".padEnd(40, "x") });
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    request: requestThrough(app),
    close: async () => {
      await deps.feedReaders.close();
      deps.network.close();
      await deps.rateCounter.close();
      await database.close();
    },
  };
}

export type { Database };
