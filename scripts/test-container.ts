// `npm run test:container`: the container image built and run for real (deploy/Dockerfile, with
// `npm run image`'s build): its size and user, a reader's journey on a volume with a graceful stop
// and a restart, clear messages for bad settings, and deploy/compose.yaml's topology. Starts the
// Docker daemon when it can; where there is no Docker, says so and exits 0.
import { buildImage } from "./container/build.ts";
import { badInput } from "./container/bad-input.ts";
import { check, log, step } from "./container/checks.ts";
import { composeTopology } from "./container/compose.ts";
import { docker, ensureDaemon, megabytes } from "./container/docker.ts";
import { runAlone } from "./container/single.ts";
import { ROOT } from "./web-build.ts";

/** Everything the image adds to its base, at most (issue 42). */
const MAX_ABOVE_BASE = 250e6;
const TAG = "tidings:test";

const started = performance.now();
const missing = await ensureDaemon(log);
if (missing) {
  console.log(`test:container skipped: ${missing}.`);
  process.exit(0);
}
const suffix = `${process.pid}`;
try {
  const image = await step("build the image", async () => {
    const built = await buildImage({ root: ROOT, tag: TAG, log });
    const above = built.bytes - built.baseBytes;
    log(`built in ${built.seconds.toFixed(0)} s on ${built.base}: ${megabytes(built.bytes)}, ${megabytes(above)} above the base`);
    log(`largest parts of /app (MB): ${built.shares.slice(0, 8).map(([dir, size]) => `${dir} ${size}`).join(", ")}`);
    check(above <= MAX_ABOVE_BASE, `the image adds ${megabytes(above)} to its base (at most ${megabytes(MAX_ABOVE_BASE)})`);
    const user = (await docker(["image", "inspect", "--format", "{{.Config.User}}", TAG])).stdout.trim();
    check(user === "node", `the image runs as "${user}", not as node`);
    // Earlier builds' images, untagged by this one, go (the layers this build reuses stay).
    await docker(["image", "prune", "-f"]);
    return built;
  });
  await runAlone(TAG, suffix);
  await badInput(TAG);
  await composeTopology(ROOT, TAG, image.base, suffix);
  log(`all passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(`test:container failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
