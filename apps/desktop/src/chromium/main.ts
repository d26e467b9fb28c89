// `npm run desktop:chromium`: Tidings in a Chromium app-mode window (Debian's /usr/bin/chromium or
// CHROMIUM_PATH), for machines without Electron. `--data-dir=DIR` keeps its settings elsewhere
// than ~/.local/share/tidings-desktop; a `tidings://` argument is handed to the shell.
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deepLinkOf } from "../shell/deep-link.ts";
import { createShell } from "../shell/shell.ts";
import { createChromiumHost } from "./chromium-host.ts";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const { version } = JSON.parse(readFileSync(path.join(root, "apps/desktop/package.json"), "utf8")) as { version: string };
const flag = process.argv.find((arg) => arg.startsWith("--data-dir="));
const dataHome = process.env.XDG_DATA_HOME && path.isAbsolute(process.env.XDG_DATA_HOME) ? process.env.XDG_DATA_HOME : path.join(os.homedir(), ".local", "share");
const dataDir = flag ? path.resolve(flag.slice("--data-dir=".length)) : path.join(dataHome, "tidings-desktop");

const host = createChromiumHost({
  dataDir,
  version,
  ...(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH } : {}),
  server: { execPath: process.execPath, entry: path.join(root, "scripts", "start.ts") },
  launchCommand: [process.execPath, fileURLToPath(import.meta.url), ...(flag ? [flag] : [])],
});
const shell = createShell(host);
await shell.start(deepLinkOf(process.argv));
host.context().on("close", () => {
  void shell.stop().then(() => process.exit(0));
});
