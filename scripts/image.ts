// `npm run image [-- --tag NAME] [--base IMAGE] [--source-maps] [--verbose]`: builds the container
// image (deploy/Dockerfile) the same way on any machine with Docker: on node:24-bookworm-slim where
// a registry is reachable, else on a Node 24 base made here from Debian's packages (kept between
// runs). Prints the build time, the size above the base and what takes the room.
import { parseArgs } from "node:util";
import { buildImage } from "./container/build.ts";
import { ensureDaemon, megabytes } from "./container/docker.ts";
import { ROOT } from "./web-build.ts";

const { values } = parseArgs({
  options: {
    tag: { type: "string", default: "tidings:latest" },
    base: { type: "string" },
    "source-maps": { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});

const missing = await ensureDaemon();
if (missing) {
  console.error(`npm run image: ${missing}.`);
  process.exit(1);
}
try {
  const image = await buildImage({ root: ROOT, tag: values.tag, base: values.base ?? process.env.TIDINGS_BASE_IMAGE, sourceMaps: values["source-maps"], verbose: values.verbose });
  console.log(`Built ${image.tag} on ${image.base} in ${image.seconds.toFixed(0)} s.`);
  console.log(`Size: ${megabytes(image.bytes)}; the base ${megabytes(image.baseBytes)}; Tidings above it ${megabytes(image.bytes - image.baseBytes)}.`);
  console.log("The largest parts of /app (MB):");
  for (const [dir, size] of image.shares) console.log(`  ${String(size).padStart(4)}  ${dir}`);
} catch (error) {
  console.error(`npm run image: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
