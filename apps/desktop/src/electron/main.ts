// The Electron entry (bundled to dist/main.cjs): the real Electron module, and where the built
// files are, handed to launch().
import path from "node:path";
import electron from "electron";
import { launch } from "./launch.ts";

const appDir = electron.app.getAppPath();

void launch(electron, {
  argv: process.argv,
  preloadPath: path.join(appDir, "dist", "preload.cjs"),
  iconPath: path.join(appDir, "dist", "icon.png"),
  // The embedded server is `npm start`'s, from the repository this app runs in (apps/desktop).
  serverEntry: process.env.TIDINGS_SERVER_ENTRY ?? path.resolve(appDir, "..", "..", "scripts", "start.ts"),
}).catch((error: unknown) => {
  console.error(error);
  electron.app.quit();
});
