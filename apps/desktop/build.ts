// `npm run desktop:build`: bundles the Electron main process and the window's preload into
// dist/ (CommonJS, for Electron's Node 22; "electron" itself stays a require). The shell's
// workspace imports (contracts, zod) are bundled in, so the packaged app needs no node_modules.
import { copyFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const dir = import.meta.dirname;
const dist = path.join(dir, "dist");

await mkdir(dist, { recursive: true });
await build({
  entryPoints: { main: path.join(dir, "src/electron/main.ts"), preload: path.join(dir, "src/electron/preload.ts") },
  outdir: dist,
  outExtension: { ".js": ".cjs" },
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node22",
  external: ["electron"],
  sourcemap: "linked",
  logLevel: "warning",
});

// The tray's icon: the web app's icon, when it has been drawn (scripts/make-icons.ts).
const icon = path.join(dir, "../web/public/icons/icon-192.png");
if (existsSync(icon)) await copyFile(icon, path.join(dist, "icon.png"));
process.stdout.write(`desktop: built ${path.relative(process.cwd(), dist)}/main.cjs and preload.cjs\n`);
