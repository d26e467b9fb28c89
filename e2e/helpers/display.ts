import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * A display for headed Chromium: Xvfb with the openbox window manager (window modes need a window
 * manager), when both are installed; otherwise none, and Chromium runs headless (its headless
 * window keeps modes too). Answers the environment to start Chromium with, and how to stop.
 */
export async function startDisplay(): Promise<{ env: NodeJS.ProcessEnv; headed: boolean; stop: () => void }> {
  const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!has("Xvfb") || !has("openbox")) {
    const env = { ...process.env };
    delete env.DISPLAY;
    return { env, headed: false, stop: () => undefined };
  }
  let display = 90 + Math.floor(Math.random() * 400);
  while (existsSync(`/tmp/.X11-unix/X${display}`) || existsSync(`/tmp/.X${display}-lock`)) display += 1;
  const name = `:${display}`;
  const children: ChildProcess[] = [spawn("Xvfb", [name, "-screen", "0", "1440x900x24", "-nolisten", "tcp"], { stdio: "ignore" })];
  for (let i = 0; i < 50 && !existsSync(`/tmp/.X11-unix/X${display}`); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  children.push(spawn("openbox", [], { stdio: "ignore", env: { ...process.env, DISPLAY: name } }));
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    env: { ...process.env, DISPLAY: name },
    headed: true,
    stop: () => children.reverse().forEach((child) => child.kill()),
  };
}
