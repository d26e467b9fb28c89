export { createDiscoverModule, type DiscoverPorts } from "./discover.module.ts";
export type { Candidate } from "./discover.service.ts";
