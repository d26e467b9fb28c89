// The Fever API: what the composition root uses.
export { createFeverModule, type FeverPorts } from "./fever.module.ts";
