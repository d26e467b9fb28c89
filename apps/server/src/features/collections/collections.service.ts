import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";
import type { RequestUser } from "../../http/context.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CollectionsRepo } from "./collections.repo.ts";

/** Stars (collections): the caller's starred entries. */
export function createCollectionsService(deps: { repo: CollectionsRepo; clock: Clock; canSee: (userId: string, entryId: string) => Promise<boolean> }) {
  const { repo } = deps;
  return {
    async has(user: RequestUser, entryId: string): Promise<boolean> {
      return repo.has(user.id, entryId);
    },

    async star(user: RequestUser, entryId: string, view: number): Promise<void> {
      if (!(await deps.canSee(user.id, entryId))) throw new AppError(ErrorCode.EntryNotFound);
      await repo.add(user.id, entryId, view, deps.clock.now());
    },

    async unstar(user: RequestUser, entryId: string): Promise<void> {
      await repo.remove(user.id, entryId);
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
