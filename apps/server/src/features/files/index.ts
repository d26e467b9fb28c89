export { createFilesModule, type FilesPorts } from "./files.module.ts";
export { type FilesService, formatSize } from "./files.service.ts";
