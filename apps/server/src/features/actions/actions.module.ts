import type { ModuleContext } from "../module.ts";
import { actionRoutes } from "./actions.routes.ts";

/** /actions: readers' automation rules, their preview and their webhook log. */
export function actionsModule(context: ModuleContext) {
  const { deps } = context;
  return actionRoutes({ actions: deps.actions, requireUser: context.requireUser });
}
