import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import type * as ShellModule from "./app-shell.tsx";
import type * as SettingsShellModule from "./settings-shell.tsx";
import { ErrorPage } from "./modules/errors/index.ts";

type Shell = typeof ShellModule;
type SettingsShell = typeof SettingsShellModule;

/** A route component from the lazily loaded app shell (one chunk for all of them). */
const shell = (name: keyof Shell) => async () => {
  const module = await import("./app-shell.tsx");
  return { Component: module[name] as React.ComponentType };
};

/** A settings page: a chunk of its own, loaded when settings open. */
const settings = (name: keyof SettingsShell) => async () => {
  const module = await import("./settings-shell.tsx");
  return { Component: module[name] as React.ComponentType };
};

/** The routes of spec §2. */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: <Outlet />,
    errorElement: <ErrorPage />,
    children: [
      { path: "login", lazy: shell("LoginPage") },
      { path: "invitation", lazy: shell("InvitationPage") },
      { path: "reset-password", lazy: shell("ResetPasswordPage") },
      // The desktop shell's sign-in hand-off: in the system browser (?state=) and in the shell (?code=).
      { path: "desktop-auth", lazy: shell("DesktopAuthPage") },
      // Share pages are public: signed-out visitors see them without the app around it (one
      // parent route, so moving between them keeps the app mounted).
      {
        lazy: shell("ProfileRoute"),
        children: [
          { path: "share/entries/:id", lazy: shell("EntrySharePage") },
          { path: "share/feeds/:id", lazy: shell("FeedSharePage") },
          { path: "share/lists/:id", lazy: shell("ListSharePage") },
          { path: "share/users/:id", lazy: shell("UserSharePage") },
          { path: "u/:handle", lazy: shell("UserSharePage") },
        ],
      },
      {
        lazy: shell("MainLayout"),
        children: [
          { index: true, element: <Navigate to="/timeline" replace /> },
          { path: "timeline", element: <Navigate to="/timeline/view-0/all" replace /> },
          {
            path: "timeline/:timelineId/:feedId",
            lazy: shell("TimelineLayout"),
            children: [
              { index: true, lazy: shell("NoEntrySelected") },
              { path: ":entryId", lazy: shell("EntryReaderPage") },
            ],
          },
          { path: "discover", lazy: shell("DiscoverPage") },
          { path: "discover/category/:category", lazy: shell("DiscoverCategoryPage") },
          { path: "action", lazy: shell("ActionPage") },
          { path: "power", lazy: shell("PowerPage") },
          { path: "rsshub", lazy: shell("RSSHubPage") },
          // The installed app's share target (manifest.webmanifest); signed out, it waits for the sign-in.
          { path: "share", lazy: shell("ShareTargetPage") },
          {
            path: "settings",
            lazy: settings("SettingsLayoutPage"),
            children: [
              { index: true, lazy: settings("SettingsIndexPage") },
              { path: ":tab", lazy: settings("SettingsTabPage") },
            ],
          },
        ],
      },
      { path: "*", lazy: shell("NotFound") },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
