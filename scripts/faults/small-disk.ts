// A small disk for a test: a tmpfs of a few MB mounted on a temporary directory (root only), that
// the test fills with a file and frees again.
import { execFileSync } from "node:child_process";
import { closeSync, openSync, writeSync } from "node:fs";
import { mkdtemp, rm, statfs } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

export interface SmallDisk {
  dir: string;
  /** Writes a file until the disk refuses more (ENOSPC); returns the bytes it took. */
  fill(): Promise<number>;
  /** Removes the file fill() wrote. */
  free(): Promise<void>;
  freeBytes(): Promise<number>;
  /** Unmounts (lazily when still in use) and removes the directory. */
  destroy(): Promise<void>;
}

/** Mounts a tmpfs of `sizeMb`; null (and why) where mounting is not permitted. */
export async function mountSmallDisk(sizeMb: number): Promise<SmallDisk | string> {
  const dir = await mkdtemp(path.join(tmpdir(), "tidings-faults-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    return `mount -t tmpfs is not permitted here (${String((error as { stderr?: Buffer }).stderr ?? error).trim() || "no permission"}); the full-disk test needs root or CAP_SYS_ADMIN`;
  }
  const filler = path.join(dir, "filler");
  return {
    dir,
    async fill() {
      const fd = openSync(filler, "a");
      let written = 0;
      try {
        for (const size of [1 << 20, 64 << 10, 4096, 512]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) written += writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
      return written;
    },
    async free() {
      await rm(filler, { force: true });
    },
    async freeBytes() {
      const stats = await statfs(dir);
      return stats.bavail * stats.bsize;
    },
    async destroy() {
      try {
        execFileSync("umount", [dir], { stdio: "pipe" });
      } catch {
        execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
