import { mkdir, rm, writeFile } from "node:fs/promises";
import { userInfo } from "node:os";
import path from "node:path";

const WHY: Record<string, string> = {
  EACCES: "is not writable by",
  EPERM: "is not writable by",
  EROFS: "is on a read-only file system for",
  ENOTDIR: "is not a directory (a file is in its way) for",
  EEXIST: "is not a directory (a file is in its way) for",
};

/**
 * Makes DATA_DIR if it is missing and proves this process can write there, before anything is
 * stored: null when it can, else what is wrong and how to fix it (a bind mount owned by root is
 * the usual case in a container, whose user is not root).
 */
export async function checkDataDir(dir: string): Promise<string | null> {
  try {
    await mkdir(dir, { recursive: true });
    const probe = path.join(dir, `.write-check-${process.pid}`);
    await writeFile(probe, "");
    await rm(probe);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (!WHY[code]) throw error;
    const { username, uid, gid } = userInfo();
    const who = uid >= 0 ? `user ${username} (uid ${uid})` : `user ${username}`;
    return (
      `DATA_DIR ${path.resolve(dir)} ${WHY[code]} ${who}, who runs the server (${code}). ` +
      `Give it to that user (chown -R ${uid}:${gid} DIR on the machine that holds it), set DATA_DIR to a directory it can write, ` +
      `or in Docker mount a named volume (docker run -v tidings-data:/data), which the image's user owns.`
    );
  }
}
