// `npm run dev`: the server with --watch on :3000 and Vite's dev server with hot reload on :5173
// (open http://localhost:5173; it forwards /api to the server).
import { spawn } from "node:child_process";
import path from "node:path";
import { serverMain } from "./server-process.ts";
import { ROOT } from "./web-build.ts";

const children = [
  spawn(process.execPath, ["--watch", serverMain()], {
    cwd: ROOT,
    stdio: "inherit",
    env: { NODE_ENV: "development", WEB_URL: "http://localhost:5173", ...process.env },
  }),
  spawn(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js")], { cwd: path.join(ROOT, "apps/web"), stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
