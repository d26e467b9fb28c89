/** The avatar limit when the server does not report one (the server default). */
export const DEFAULT_AVATAR_MAX_BYTES = 2 * 1024 * 1024;

const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);

/** "2 MB", "512 KB": the size limit as the wording of spec §5 shows it. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/**
 * Why a picked file cannot be an avatar, checked before uploading (spec §5): not an image, or too
 * big. `undefined` when it may go.
 */
export function avatarProblem(file: File, maxBytes: number): { key: "invalid_image" } | { key: "too_large"; size: string } | undefined {
  if (!IMAGE_TYPES.has(file.type)) return { key: "invalid_image" };
  if (file.size > maxBytes) return { key: "too_large", size: formatSize(maxBytes) };
  return undefined;
}
