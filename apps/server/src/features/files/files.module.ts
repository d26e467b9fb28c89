import type { Platform } from "../../platform.ts";
import type { FeatureModule } from "../module.ts";
import { createFilesRepo } from "./files.repo.ts";
import { fileRoutes } from "./files.routes.ts";
import { createFilesService } from "./files.service.ts";

export interface FilesPorts {
  platform: Pick<Platform, "db" | "ids" | "clock">;
  /** The web app's public URL: files are served under it. */
  webUrl: string;
  /** Largest avatar upload, in bytes. */
  avatarMaxBytes: number;
}

/**
 * Files kept in the database (`/upload/avatar`, `/files/:id`, `/attachments/:id`): uploaded
 * avatars and the private attachments of inbox mail, which other features store and remove
 * through the service.
 */
export function createFilesModule(ports: FilesPorts) {
  const { db, ids, clock } = ports.platform;
  const files = createFilesService({ repo: createFilesRepo(db), ids, clock, webUrl: ports.webUrl, avatarMaxBytes: ports.avatarMaxBytes });
  return {
    files,
    routes: ({ requireUser }) => fileRoutes({ files, requireUser, avatarMaxBytes: ports.avatarMaxBytes }),
  } satisfies FeatureModule & Record<string, unknown>;
}
