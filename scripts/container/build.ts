// Builds the container image (deploy/Dockerfile) on the base image base-image.ts finds or makes,
// and measures it: build time, size above the base, and what takes the room.
import { baseImage } from "./base-image.ts";
import { buildEnv, docker, imageSize, must } from "./docker.ts";

export interface BuiltImage {
  tag: string;
  base: string;
  seconds: number;
  bytes: number;
  baseBytes: number;
  /** Megabytes per directory of /app, largest first. */
  shares: [string, number][];
}

export interface BuildOptions {
  root: string;
  tag: string;
  /** An image to build on instead of node:24-bookworm-slim (or the one made from Debian's packages). */
  base?: string;
  /** Keep the web client's source maps (left out by default). */
  sourceMaps?: boolean;
  log?: (line: string) => void;
  /** Show the build's own output. */
  verbose?: boolean;
}

/** du -sm inside the image: the share of each directory the runtime holds. */
async function shares(tag: string): Promise<[string, number][]> {
  const script = "cd /app && du -sm node_modules/* node_modules/@*/* node_modules/.cache apps/web/dist apps/server packages scripts 2>/dev/null | sort -rn | head -n 16";
  const output = await must(["run", "--rm", "--network", "none", "--entrypoint", "sh", tag, "-c", script]);
  return output
    .split("\n")
    .map((line) => line.split("\t"))
    .filter((parts) => parts.length === 2)
    .map(([size, dir]) => [dir!, Number(size)]);
}

export async function buildImage(options: BuildOptions): Promise<BuiltImage> {
  const log = options.log ?? console.log;
  const base = await baseImage(options.root, options.base, log);
  const env = buildEnv();
  const args = ["build", "--network", "host", "--build-arg", `NODE_IMAGE=${base}`, "--build-arg", `WEB_SOURCEMAPS=${options.sourceMaps ? "true" : "false"}`, "-f", "deploy/Dockerfile", "-t", options.tag, "."];
  log(`docker ${args.join(" ")}`);
  const started = performance.now();
  const built = await docker(["--log-level", "error", ...args], { env, echo: options.verbose, cwd: options.root });
  if (built.code !== 0) throw new Error(`the image did not build:\n${(built.stdout + built.stderr).slice(-4000)}`);
  const seconds = (performance.now() - started) / 1000;
  const [bytes, baseBytes] = [await imageSize(options.tag), await imageSize(base)];
  return { tag: options.tag, base, seconds, bytes, baseBytes, shares: await shares(options.tag) };
}
