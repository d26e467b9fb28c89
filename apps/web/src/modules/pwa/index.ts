// The installable web app (manifest.webmanifest): its share target and the install offer of
// Settings → General. Start-up uses boot.ts instead (no screens).
export { InstallAppSection } from "./install-app-section.tsx";
export { ShareTarget } from "./share-target.tsx";
