// The new-user guide (spec §2): a first sign-in's short start — a view, feeds, the main shortcuts.
export { guideStorageName, isGuideDone, markGuideDone } from "./guide-state.ts";
export { NewUserGuide } from "./new-user-guide.tsx";
