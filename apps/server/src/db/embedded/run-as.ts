import { chown, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/** Who PostgreSQL's processes run as: this process's own user, or (under root) an unprivileged one. */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** The users PostgreSQL may run as when Tidings runs as root, in the order they are tried. */
const UNPRIVILEGED_USERS = ["postgres", "nobody"];

async function passwdEntry(name: string): Promise<RunAs | null> {
  const passwd = await readFile("/etc/passwd", "utf8").catch(() => "");
  for (const line of passwd.split("\n")) {
    const [user, , uid, gid] = line.split(":");
    if (user === name && uid && gid && Number(uid) !== 0) return { name, uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

/**
 * PostgreSQL refuses to run as root. Under root, its processes run as the user who owns the
 * cluster's directory already (one made before), else as the system's `postgres` user, else as
 * `nobody`; null: this process is not root (PostgreSQL runs as it), or the platform has no users.
 */
export async function unprivilegedUser(clusterDir: string): Promise<RunAs | null> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return null;
  const owner = await stat(clusterDir).catch(() => null);
  if (owner && owner.uid !== 0) return { uid: owner.uid, gid: owner.gid, name: `uid ${owner.uid}` };
  for (const name of UNPRIVILEGED_USERS) {
    const entry = await passwdEntry(name);
    if (entry) return entry;
  }
  throw new Error(
    "PostgreSQL cannot run as root, and this system has neither a 'postgres' nor a 'nobody' user to run it as. Run Tidings as an ordinary user, or create a 'postgres' user.",
  );
}

/** Gives `dir` and everything in it to `user` (a cluster made by root for PostgreSQL's user). */
export async function giveTo(dir: string, user: RunAs): Promise<void> {
  await chown(dir, user.uid, user.gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await giveTo(child, user);
    else await chown(child, user.uid, user.gid);
  }
}

/**
 * Whether `user` can reach `dir`: every directory above it must let that user pass (execute
 * permission). A cluster under a root-only home (`/root/...`) cannot be used by `postgres`.
 */
export async function blockedAncestor(dir: string, user: RunAs): Promise<string | null> {
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    const info = await stat(current).catch(() => null);
    if (info) {
      const bits = info.uid === user.uid ? 0o100 : info.gid === user.gid ? 0o010 : 0o001;
      if ((info.mode & bits) === 0) return current;
    }
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
