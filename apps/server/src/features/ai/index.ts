export { type AiConfig, aiConfig, aiEnv } from "./ai.config.ts";
export { type AiModule, type AiPorts, createAiModule } from "./ai.module.ts";
export { extractiveSummary } from "./extractive-summary.ts";
