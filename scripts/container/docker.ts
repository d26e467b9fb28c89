// The Docker CLI as `npm run image` and `npm run test:container` use it: run a command, find or
// start a daemon.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `docker ARGS` to its end; `input` goes to its standard input. */
export function docker(args: string[], options: RunOptions = {}): Promise<Result> {
  return run("docker", args, options);
}

export interface RunOptions {
  input?: NodeJS.ReadableStream;
  env?: NodeJS.ProcessEnv;
  /** Copy its output to this process's as it comes. */
  echo?: boolean;
  cwd?: string;
}

export function run(command: string, args: string[], options: RunOptions = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: [options.input ? "pipe" : "ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    if (options.input) options.input.pipe(child.stdin!);
    child.on("error", (error) => resolve({ code: 127, stdout, stderr: stderr + error.message }));
    child.on("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** `docker ARGS`, failing with its output when it fails. */
export async function must(args: string[], options: RunOptions = {}): Promise<string> {
  const result = await docker(args, options);
  if (result.code !== 0) throw new Error(`docker ${args.join(" ")} failed (${result.code}):\n${(result.stderr || result.stdout).trim().slice(-3000)}`);
  return result.stdout.trim();
}

const has = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

/** Whether a Docker daemon answers. */
export async function daemonAnswers(): Promise<boolean> {
  return has("docker") && (await docker(["info", "--format", "{{.ServerVersion}}"])).code === 0;
}

/**
 * A Docker daemon to talk to: the one running, or one this starts (root, `dockerd` installed) with
 * the settings of a machine without iptables or a default bridge, on the fastest storage driver
 * the kernel allows. Returns why there is none, or null when one answers.
 */
export async function ensureDaemon(log: (line: string) => void = console.log): Promise<string | null> {
  if (!has("docker")) return "the docker command is not installed (Debian: apt-get install docker.io)";
  if (await daemonAnswers()) return null;
  if (!has("dockerd")) return "no Docker daemon answers and dockerd is not installed";
  if (process.getuid?.() !== 0) return "no Docker daemon answers, and starting one needs root";
  for (const driver of ["overlay2", "fuse-overlayfs", "vfs"]) {
    const logFile = path.join(tmpdir(), `tidings-dockerd-${driver}.log`);
    const out = openSync(logFile, "a");
    const child = spawn("dockerd", ["--iptables=false", "--ip6tables=false", "--bridge=none", `--storage-driver=${driver}`], { detached: true, stdio: ["ignore", out, out] });
    closeSync(out);
    child.unref();
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && child.exitCode === null) {
      if (await daemonAnswers()) {
        log(`Started dockerd (storage driver ${driver}; its log: ${logFile}).`);
        return null;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    if (child.exitCode === null) child.kill();
    log(`dockerd did not start with the ${driver} storage driver (see ${logFile}).`);
  }
  return "dockerd could not be started with any storage driver";
}

/** Bytes of an image (all its layers). */
export async function imageSize(image: string): Promise<number> {
  return Number(await must(["image", "inspect", "--format", "{{.Size}}", image]));
}

export async function imageExists(image: string): Promise<boolean> {
  return (await docker(["image", "inspect", image])).code === 0;
}

/**
 * Null when `image` is here or could be pulled within a minute (a registry that cannot be reached
 * may take that long to say so); else the reason, as docker pull gave it.
 */
export async function obtain(image: string): Promise<string | null> {
  if (await imageExists(image)) return null;
  const pulled = await run("timeout", ["60", "docker", "pull", image]);
  return pulled.code === 0 ? null : (pulled.stderr.trim().split("\n").pop() ?? `exit ${pulled.code}`).slice(0, 160);
}

/** The environment of `docker build`: Docker's legacy builder where BuildKit's buildx is not installed (Debian's docker.io). */
export function buildEnv(): NodeJS.ProcessEnv {
  return spawnSync("docker", ["buildx", "version"]).status === 0 ? process.env : { ...process.env, DOCKER_BUILDKIT: "0" };
}

export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
