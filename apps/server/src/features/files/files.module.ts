import type { ModuleContext } from "../module.ts";
import { createFilesRepo } from "./files.repo.ts";
import { fileRoutes } from "./files.routes.ts";
import { createFilesService } from "./files.service.ts";

/** /upload/avatar and /files/:id: uploaded images, kept in the database. */
export function filesModule(context: ModuleContext) {
  const { deps, requireUser } = context;
  const { avatarMaxBytes } = deps.config.accounts;
  const files = createFilesService({ repo: createFilesRepo(deps.db), ids: deps.ids, clock: deps.clock, webUrl: deps.config.server.webUrl, avatarMaxBytes });
  return fileRoutes({ files, requireUser, avatarMaxBytes });
}
