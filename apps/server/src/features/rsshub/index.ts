// RSSHub: what the composition root and other features use.
export { type RsshubConfig, rsshubConfig, rsshubEnv } from "./rsshub.config.ts";
export { createRsshubModule, type Rsshub, type RsshubModule, type RsshubPorts } from "./rsshub.module.ts";
export { instanceUrl, isRsshubUrl, ROUTE_CACHE_MS, type RsshubRouter, type RsshubTarget } from "./rsshub-routing.ts";
