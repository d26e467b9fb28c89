// The new-user guide (spec §2): a first sign-in's short start — a view, feeds, the main shortcuts.
export { NewUserGuide } from "./new-user-guide.tsx";
