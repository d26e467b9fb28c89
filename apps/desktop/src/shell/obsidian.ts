import path from "node:path";
import type { DesktopHost } from "./host.ts";
import { DesktopCallError } from "@tidings/contracts";

/** A note's file name: one plain `.md` name, no folders, nothing hidden. */
function safeFileName(name: string): string | null {
  const base = name.normalize("NFC").trim();
  if (!base.endsWith(".md") || base.length > 200 || base.startsWith(".")) return null;
  if (/[\\/:*?"<>|\p{Cc}]/u.test(base) || base !== path.basename(base)) return null;
  return base;
}

/**
 * Writes an Obsidian note into the vault (reference §6): `<vault>/<fileName>`, never over an
 * existing note. The vault must be an existing folder given by its absolute path.
 */
export async function writeObsidianNote(host: DesktopHost, input: { vaultPath: string; fileName: string; text: string }): Promise<{ path: string }> {
  const fileName = safeFileName(input.fileName);
  if (!fileName) throw new DesktopCallError("INVALID_INPUT", `"${input.fileName}" is not a note's file name`);
  if (!path.isAbsolute(input.vaultPath)) throw new DesktopCallError("INVALID_INPUT", "The vault path must be the absolute path of a folder");
  if (!(await host.isDirectory(input.vaultPath))) throw new DesktopCallError("NOT_FOUND", `The vault folder ${input.vaultPath} does not exist`);
  const target = path.join(input.vaultPath, fileName);
  try {
    await host.createFile(target, input.text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new DesktopCallError("ALREADY_EXISTS", `${fileName} is already in the vault; it was left as it is`);
    throw new DesktopCallError("FAILED", `Could not write ${target}: ${(error as Error).message}`);
  }
  return { path: target };
}
