// Miniflux's REST API v1 for reader apps written for Miniflux.
export { createMinifluxModule, type MinifluxPorts } from "./miniflux.module.ts";
