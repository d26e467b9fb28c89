import path from "node:path";
import { openDatabase, type DatabaseHandle } from "./db/client.ts";
import { claimDataDir, dataDirHolder, type DataDirHolder, type DataDirLock } from "./db/embedded/data-dir-lock.ts";
import { hasLegacyPglite, legacyPgliteDirOf, openLegacyPglite } from "./db/legacy-pglite.ts";
import type { Config } from "./env.ts";
import { moveFromPglite } from "./features/backup/index.ts";
import type { Logger } from "./lib/logger.ts";

/** The embedded PostgreSQL's cluster in a data directory. */
export const clusterDirOf = (dataDir: string) => path.join(dataDir, "postgres");

/** The live process that runs the embedded database of `dataDir` (its lock), or null. */
export const embeddedHolder = (dataDir: string): Promise<DataDirHolder | null> => dataDirHolder(clusterDirOf(dataDir));

export interface LocalDatabase extends DatabaseHandle {
  /** This process's hold on the data directory (it runs the embedded database); null otherwise. */
  readonly lock: DataDirLock | null;
}

/**
 * The database a process of this installation opens: DATABASE_URL's, or the embedded PostgreSQL
 * of DATA_DIR. The embedded one is started by whoever takes the data directory's lock (a second
 * taker is refused with DataDirInUseError, naming the first); with `share`, a command finds the
 * running server's database through its lock and connects to it instead (the worker, `cli
 * refresh`). Whoever starts it first moves a PGlite database of an earlier Tidings into it.
 * Closing stops the embedded PostgreSQL this process started, and releases the lock.
 */
export async function openLocalDatabase(
  config: Pick<Config, "dataDir" | "databaseUrl">,
  how: { command: string; logger: Logger; url?: string; withToken?: boolean; share?: boolean; maxConnections?: number },
): Promise<LocalDatabase> {
  const limit = how.maxConnections ? { maxConnections: how.maxConnections } : {};
  if (config.databaseUrl) return { ...(await openDatabase({ kind: "postgres", url: config.databaseUrl, ...limit })), lock: null };
  const dir = clusterDirOf(config.dataDir);
  if (how.share) {
    const holder = await dataDirHolder(dir);
    if (holder?.database) return { ...(await openDatabase({ kind: "postgres", url: holder.database, ...limit })), lock: null, driver: "embedded" };
  }
  const legacyHolder = hasLegacyPglite(config.dataDir) ? await dataDirHolder(legacyPgliteDirOf(config.dataDir)) : null;
  if (legacyHolder) throw new Error(`An older Tidings (process ${legacyHolder.pid}) still runs on ${config.dataDir}: stop it first; this one then moves its database.`);
  const lock = await claimDataDir(dir, { command: how.command, ...(how.url ? { url: how.url } : {}), ...(how.withToken ? { withToken: true } : {}) });
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ kind: "embedded", dir, logger: how.logger.child({ module: "postgres" }), ...limit });
  } catch (error) {
    await lock.release();
    throw error;
  }
  try {
    if (hasLegacyPglite(config.dataDir)) {
      await moveFromPglite({ legacyDir: legacyPgliteDirOf(config.dataDir), dataDir: config.dataDir, target: handle.db, openLegacy: openLegacyPglite, logger: how.logger });
    }
    await lock.update({ database: handle.embedded!.url });
  } catch (error) {
    await handle.close();
    await lock.release();
    throw error;
  }
  return {
    ...handle,
    lock,
    close: async () => {
      await handle.close();
      await lock.release();
    },
  };
}
