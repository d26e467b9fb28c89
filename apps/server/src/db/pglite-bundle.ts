import { open, readdir, readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * PGlite's file bundle (`pglite.data`, 6.2 MB) is the disk its PostgreSQL reads: the catalogue
 * script initdb runs, time zones, text-search dictionaries, loadable modules. PGlite reads it
 * whole into one buffer and keeps it for the life of the database (each file a view of it).
 * A database that exists needs little of it: what initdb alone reads, the build files of
 * extensions, replication, conversions to client encodings other than UTF-8 (both drivers speak
 * UTF-8) and ICU's collation data (the cluster uses the C library's locale) are never read.
 */
const NEVER_READ_BY_AN_EXISTING_DATABASE = [
  /^\/pglite\/share\/postgresql\/[^/]+\.(bki|sql|sample)$/,
  /^\/pglite\/share\/postgresql\/sql_features\.txt$/,
  /^\/pglite\/lib\/postgresql\/pgxs\//,
  /^\/pglite\/lib\/postgresql\/(libpqwalreceiver|pgoutput)\.so$/,
  /^\/pglite\/lib\/postgresql\/(\w+_and_\w+|euc2004_sjis2004)\.so$/,
  /^\/pglite\/icu\//,
];

export interface BundleFile {
  name: string;
  start: number;
  end: number;
}

/** The files of the bundle as its loader lists them (`{filename:"…",start:N,end:N}` in order). */
export function bundleFiles(loaderSource: string): { files: BundleFile[]; size: number } | null {
  const size = /remote_package_size:\s*(\d+)/.exec(loaderSource)?.[1];
  const files = [...loaderSource.matchAll(/\{filename:"([^"]+)",start:(\d+),end:(\d+)\}/g)].map((match) => ({ name: match[1]!, start: Number(match[2]), end: Number(match[3]) }));
  if (!size || files.length === 0) return null;
  return { files, size: Number(size) };
}

/** Whether a database that exists reads the file (see NEVER_READ_BY_AN_EXISTING_DATABASE). */
export const readByExistingDatabase = (name: string) => !NEVER_READ_BY_AN_EXISTING_DATABASE.some((pattern) => pattern.test(name));

/** Ranges [start, end) of the files kept, adjacent ones merged: one read each. */
export function keptRanges(files: readonly BundleFile[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const file of files) {
    if (!readByExistingDatabase(file.name) || file.end === file.start) continue;
    const last = ranges.at(-1);
    if (last && last[1] === file.start) last[1] = file.end;
    else ranges.push([file.start, file.end]);
  }
  return ranges;
}

/** A Blob whose bytes are a buffer handed over as is (Blob's own arrayBuffer() copies, so touches, every byte). */
class BufferBlob extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

/**
 * The bundle for a database that exists, as PGlite's `fsBundle`: the same size and layout, with
 * only the files it may read filled in (~1.6 MB). The rest of the buffer is never written, so
 * its pages are never touched: ~4.6 MB less resident for the life of the server. `null` when the
 * installed PGlite does not lay its bundle out as expected (then PGlite reads its own, whole).
 */
export async function existingDatabaseBundle(): Promise<Blob | null> {
  const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const dataFile = path.join(dist, "pglite.data");
  const loader = (await readdir(dist)).includes("pglite.js") ? bundleFiles(await readFile(path.join(dist, "pglite.js"), "utf8")) : null;
  if (!loader || loader.size !== (await stat(dataFile)).size || loader.files.at(-1)!.end !== loader.size) return null;
  // A new ArrayBuffer is zero-filled memory the kernel maps in only where it is written.
  const bytes = new ArrayBuffer(loader.size);
  const view = new Uint8Array(bytes);
  const handle = await open(dataFile, "r");
  try {
    for (const [start, end] of keptRanges(loader.files)) {
      const { bytesRead } = await handle.read(view, start, end - start, start);
      if (bytesRead !== end - start) return null;
    }
  } finally {
    await handle.close();
  }
  return new BufferBlob(bytes);
}
