import { createHash } from "node:crypto";
import { ErrorCode, type AvatarUpload, type IdGenerator } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { FilesRepo } from "./files.repo.ts";
import { sniffImageType } from "./image-type.ts";

/** "2 MB", "512 KB": the limit as the spec's 'File size must be less than {{size}}' shows it. */
export function formatSize(bytes: number): string {
  const [unit, size] = bytes >= 1024 * 1024 ? ["MB", bytes / (1024 * 1024)] : ["KB", bytes / 1024];
  return `${Number(size.toFixed(1))} ${unit}`;
}

/** Avatars: checked to be real images within the size limit, stored in the database, served by id. */
export function createFilesService(deps: { repo: FilesRepo; ids: IdGenerator; clock: Clock; webUrl: string; avatarMaxBytes: number }) {
  const { repo, ids, clock, avatarMaxBytes } = deps;
  const urlPrefix = `${deps.webUrl}/api/files/`;
  const tooLarge = () => new AppError(ErrorCode.FileTooLarge, { reason: `File size must be less than ${formatSize(avatarMaxBytes)}` });

  /** The id of one of our files named by an avatar URL, or null for any other URL. */
  const fileIdOf = (image: string | null): string | null => {
    const id = image?.startsWith(urlPrefix) ? image.slice(urlPrefix.length) : null;
    return id && /^\d{1,19}$/.test(id) ? id : null;
  };

  return {
    /** 14001, with the limit in the reason. */
    tooLarge,

    /** Checked before the bytes are read: a declared size over the limit is refused at once. */
    assertAvatarSize(size: number): void {
      if (size > avatarMaxBytes) throw tooLarge();
    },

    /** Stores `bytes` as the user's avatar (replacing and deleting the previous one) and answers its URL. */
    async uploadAvatar(user: RequestUser, bytes: Uint8Array): Promise<AvatarUpload> {
      if (bytes.byteLength > avatarMaxBytes) throw tooLarge();
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new AppError(ErrorCode.InvalidFile, { reason: "Please select a valid image file" });
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const id = ids.next();
      const url = `${urlPrefix}${id}`;
      const file = {
        id,
        userId: user.id,
        contentType,
        bytes: buffer,
        size: buffer.byteLength,
        sha256: createHash("sha256").update(buffer).digest("hex"),
        createdAt: clock.now(),
      };
      try {
        await repo.replaceAvatar(file, url, fileIdOf);
      } catch (error) {
        throw new AppError(ErrorCode.UploadFailed, { reason: "The image could not be stored", cause: error });
      }
      return { url };
    },

    /** A stored file by id, or null (ids that are not numbers name nothing). */
    async get(id: string) {
      return /^\d{1,19}$/.test(id) ? repo.find(id) : null;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
