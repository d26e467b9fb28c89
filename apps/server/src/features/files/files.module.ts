import type { Deps } from "../../deps.ts";
import type { ModuleContext } from "../module.ts";
import { createFilesRepo } from "./files.repo.ts";
import { fileRoutes } from "./files.routes.ts";
import { createFilesService, type FilesService } from "./files.service.ts";

/** The files service over the shared deps (other features store and remove private files through it). */
export function createFiles(deps: Deps): FilesService {
  const { avatarMaxBytes } = deps.config.accounts;
  return createFilesService({ repo: createFilesRepo(deps.db), ids: deps.ids, clock: deps.clock, webUrl: deps.config.server.webUrl, avatarMaxBytes });
}

/** /upload/avatar, /files/:id and /attachments/:id: uploaded images and private files, kept in the database. */
export function filesModule(context: ModuleContext) {
  const { deps, requireUser } = context;
  return fileRoutes({ files: createFiles(deps), requireUser, avatarMaxBytes: deps.config.accounts.avatarMaxBytes });
}
