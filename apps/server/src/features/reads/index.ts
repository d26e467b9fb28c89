export { createReadsModule } from "./reads.module.ts";
export type { ReadsDeps as ReadsPorts, ReadsService } from "./reads.service.ts";
