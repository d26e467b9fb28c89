import { createHash } from "node:crypto";
import { ErrorCode, type AvatarUpload, type IdGenerator } from "@tidings/contracts";
import type { Executor } from "../../db/client.ts";
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

/** A file kept for its owner alone (an attachment of inbox mail). */
export interface PrivateFile {
  id: string;
  contentType: string;
  bytes: Buffer;
}

/** The largest id a bigint column holds. */
const MAX_BIGINT = 9223372036854775807n;
/** Characters a URL path segment may hold as they are: the rest is percent-encoded (quotes too). */
const encodeSegment = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Avatars: checked to be real images within the size limit, stored in the database, served by id
 * to anyone. Private files (mail attachments): stored as they come, served to their owner only.
 */
export function createFilesService(deps: { repo: FilesRepo; ids: IdGenerator; clock: Clock; webUrl: string; avatarMaxBytes: number }) {
  const { repo, ids, clock, avatarMaxBytes } = deps;
  const urlPrefix = `${deps.webUrl}/api/files/`;
  const privatePrefix = `${deps.webUrl}/api/attachments/`;
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

    /** A stored avatar by id, or null (ids that are not numbers, or past bigint, name nothing; private files are not shown). */
    async get(id: string) {
      return /^\d{1,19}$/.test(id) && BigInt(id) <= MAX_BIGINT ? repo.findAvatar(id) : null;
    },

    /** Where the owner opens a private file: its name ends the URL, for the browser's sake. */
    privateUrl(id: string, filename: string): string {
      return `${privatePrefix}${id}/${encodeSegment(filename)}`;
    },

    /** Stores private files of `userId`, in the caller's transaction. */
    async storePrivate(executor: Executor, userId: string, stored: PrivateFile[]): Promise<void> {
      const createdAt = clock.now();
      await repo.insertMany(
        executor,
        stored.map((file) => ({
          id: file.id,
          userId,
          contentType: file.contentType,
          bytes: file.bytes,
          size: file.bytes.byteLength,
          sha256: createHash("sha256").update(file.bytes).digest("hex"),
          createdAt,
        })),
      );
    },

    /** Deletes private files of `userId` (what a removed entry named), in the caller's transaction. */
    async removePrivate(executor: Executor, userId: string, fileIds: string[]): Promise<void> {
      await repo.deletePrivate(executor, userId, fileIds.filter((id) => /^\d{1,19}$/.test(id)));
    },

    /** The caller's own file by id; null for anyone else's (or none): a stranger learns nothing. */
    async getOwn(user: RequestUser, id: string) {
      const file = /^\d{1,19}$/.test(id) && BigInt(id) <= MAX_BIGINT ? await repo.find(id) : null;
      return file && file.userId === user.id ? file : null;
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
