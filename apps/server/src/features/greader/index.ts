// The Google Reader API: what the composition root uses.
export { createGreaderModule, type GreaderPorts } from "./greader.module.ts";
