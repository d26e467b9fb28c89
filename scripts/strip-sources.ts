// `npm run build` (after the web client): the copies of the server's TypeScript with the types
// stripped, that its processes load instead of stripping each file (lib/fast-resolve.ts). A server
// writes them itself when they are missing or stale; an image builds them ahead, as its user
// cannot write there.
import { ensureStrippedCopies } from "@tidings/server/process";

if (!ensureStrippedCopies()) {
  console.error("Could not write the stripped copies of the server's sources (node_modules/.cache/tidings-stripped).");
  process.exit(1);
}
