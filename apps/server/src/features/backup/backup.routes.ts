import { Readable } from "node:stream";
import { getConnInfo } from "@hono/node-server/conninfo";
import { ErrorCode } from "@tidings/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "../../errors.ts";
import type { AppEnv } from "../../http/context.ts";
import { isLocalOperator } from "./backup-access.ts";
import type { BackupService } from "./backup.service.ts";

/**
 * `GET /api/admin/backup`: a consistent backup of the whole database, as a download, for the
 * instance's admin (others: 1004), or for the CLI on this machine with the server's own secret
 * (see {@link isLocalOperator}).
 */
export function backupRoutes(deps: { backups: BackupService; optionalUser: MiddlewareHandler<AppEnv>; localToken: () => Promise<string | null> }) {
  const { backups, optionalUser } = deps;
  return new Hono<AppEnv>().get("/admin/backup", optionalUser, async (c) => {
    let socketAddress: string | undefined;
    try {
      socketAddress = getConnInfo(c).remote.address;
    } catch {
      socketAddress = undefined; // in-process requests (tests) have no socket
    }
    const operator = c.req.header("authorization") !== undefined && isLocalOperator({ socketAddress, header: (name) => c.req.header(name) }, await deps.localToken());
    if (!operator) {
      const user = c.var.user;
      if (!user) throw new AppError(ErrorCode.Unauthorized);
      if (!user.isAdmin) throw new AppError(ErrorCode.NoPermission, { reason: "Only the instance's admin can download a backup" });
    }
    const download = await backups.download();
    return c.body(Readable.toWeb(download.stream) as ReadableStream, 200, {
      "Content-Type": "application/gzip",
      "Content-Length": String(download.bytes),
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "no-store",
      "X-Backup-Rows": String(download.summary.rows),
    });
  });
}
