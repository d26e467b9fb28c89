import path from "node:path";
import type { DatabaseDriver } from "../../db/client.ts";
import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { dataDirHolder } from "../../db/embedded/data-dir-lock.ts";
import { backupRoutes } from "./backup.routes.ts";
import { createBackupService } from "./backup.service.ts";

export interface BackupPorts {
  platform: Pick<Platform, "db" | "clock" | "logger">;
  driver: DatabaseDriver;
  /** DATA_DIR: the embedded database's lock there holds the secret the local CLI sends. */
  dataDir: string;
}

/** Backups of the running server's database: `GET /api/admin/backup` (see backup.routes.ts). */
export function createBackupModule(ports: BackupPorts) {
  const { db, clock, logger } = ports.platform;
  const backups = createBackupService({ db, driver: ports.driver, logger, now: () => clock.now() });
  // The secret of this run, read from the lock this process wrote (none: the CLI cannot ask).
  const localToken = async () => {
    const holder = await dataDirHolder(path.join(ports.dataDir, "postgres")).catch(() => null);
    return holder?.pid === process.pid ? (holder.token ?? null) : null;
  };
  return {
    backups,
    routes: ({ optionalUser }) => backupRoutes({ backups, optionalUser, localToken }),
  } satisfies FeatureModule & Record<string, unknown>;
}

export type BackupModule = ReturnType<typeof createBackupModule>;
