import { deepLinkOf } from "../shell/deep-link.ts";
import { createShell, type Shell } from "../shell/shell.ts";
import type { ElectronMain } from "./electron-api.ts";
import { createElectronHost, type ElectronHostOptions } from "./electron-host.ts";

/**
 * The app's start: one instance only (a second launch hands its deep link to the first and
 * quits), the host created before Electron is ready so that macOS' open-url at launch is heard,
 * then the shell on it. Answers the shell, or null in a second instance.
 */
export async function launch(electron: ElectronMain, options: ElectronHostOptions & { argv: readonly string[] }): Promise<Shell | null> {
  if (!electron.app.requestSingleInstanceLock()) {
    electron.app.quit();
    return null;
  }
  const host = createElectronHost(electron, options);
  await electron.app.whenReady();
  const shell = createShell(host);
  await shell.start(deepLinkOf(options.argv));
  return shell;
}
