import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` next to every compressible file of the build, at the highest levels:
 * the server sends them as they are (serveStatic `precompressed`), so no CPU is spent per request
 * and the reader downloads the smallest bytes.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "tidings-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.endsWith(".map") || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
