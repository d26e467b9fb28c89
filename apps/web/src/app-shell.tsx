/**
 * The app shell: every page and layout of the signed-in app and the sign-in screens. The router
 * loads this module lazily, so the first paint only waits for the router and the skeleton.
 */
export { MainLayout } from "./modules/layout/index.ts";
export { EntryReaderPage } from "./modules/entry/index.ts";
export { DesktopAuthPage } from "./modules/desktop/index.ts";
export { NotFound } from "./modules/errors/index.ts";
export { EntrySharePage, FeedSharePage, ListSharePage, UserSharePage } from "./modules/share/index.ts";
export { NoEntrySelected, TimelineLayout } from "./modules/timeline/index.ts";
export { InvitationPage } from "./pages/invitation.tsx";
export { LoginPage } from "./pages/login.tsx";
export { ProfileRoute } from "./pages/profile-route.tsx";
export { ResetPasswordPage } from "./pages/reset-password.tsx";
export { ShareTargetPage } from "./pages/share-target.tsx";
export { ActionPage, DiscoverCategoryPage, DiscoverPage, PowerPage, RSSHubPage } from "./pages/simple-pages.tsx";
