export { createShareModule, type SharePorts } from "./share.module.ts";
