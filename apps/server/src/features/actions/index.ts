// Readers' rules: what the composition root and other features use.
export { type ActionsModule, type ActionsPorts, createActionsModule } from "./actions.module.ts";
export type { ActionsService } from "./actions.service.ts";
export { type ActionSubject, compileRules } from "./action-engine.ts";
