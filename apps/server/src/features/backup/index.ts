// Backup and restore: a consistent logical copy of every table (gzip'd JSON lines), made by the
// running server or by the CLI, restored into an empty database of either kind.
export { createBackupModule, type BackupModule } from "./backup.module.ts";
export { writeBackup, type BackupSummary } from "./write-backup.ts";
export { restoreBackup, type RestoreSummary } from "./restore-backup.ts";
export { RestoreRefusedError } from "./migration-plan.ts";
export { BackupFileError } from "./backup-format.ts";
export { moveFromPglite, MoveFailedError, type MovedDatabase } from "./move-from-pglite.ts";
