// RSSHub instances (spec §1, §2 `/rsshub`, Settings → RSSHub; errors 13000–13007): the instances
// readers add and share, the one each reader uses for their `rsshub://` feeds, and its health.
export { ResolvedThrough } from "./resolved-through.tsx";
export { RsshubInstances } from "./rsshub-instances.tsx";
export { rsshubSettingsTab } from "./settings-tab.ts";
