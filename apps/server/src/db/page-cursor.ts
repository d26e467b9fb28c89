import { ErrorCode } from "@tidings/contracts";
import { type SQL, sql } from "drizzle-orm";
import { at } from "./sql-helpers.ts";
import { AppError } from "../errors.ts";

/**
 * Where a page starts, in one of two forms:
 * - `key`: strictly after an item, by its exact sort key (microseconds since the epoch, as
 *   PostgreSQL keeps times) and its id: the opaque cursor this server hands out
 *   (`nextCursor`, `cursor`), and also what `publishedAfter` + `publishedAfterId` mean.
 * - `time`: older than a time, the reference client's form (`publishedAfter` = the last item's
 *   date). A time alone cannot tell apart items that share it, so pages given to this form never
 *   end inside a millisecond (see {@link tieRest}): the next page starts after all of them.
 */
export type PagePosition = { kind: "key"; us: string; id: string } | { kind: "time"; before: Date };

/** A list's order: by `time` then `id`, both descending (newest first). */
export interface SortKey {
  time: SQL;
  id: SQL;
}

const PREFIX = "k1.";

/** The opaque cursor of an item at (`us`, `id`); the id is an entry id, or a user id for read histories. */
export function encodeCursor(us: string, id: string): string {
  return PREFIX + Buffer.from(`${us}.${id}`, "latin1").toString("base64url");
}

/** The position an opaque cursor stands for; a 1002 error for anything this server did not make. */
export function decodeCursor(cursor: string): PagePosition {
  const match = cursor.startsWith(PREFIX) ? /^(-?\d{1,19})\.([\w-]{1,64})$/.exec(Buffer.from(cursor.slice(PREFIX.length), "base64url").toString("latin1")) : null;
  if (!match) throw new AppError(ErrorCode.InvalidParameter, { reason: "cursor: not a cursor this server gave out" });
  return { kind: "key", us: match[1]!, id: match[2]! };
}

/** The position of a request: its opaque cursor, else `publishedAfter` (with `publishedAfterId`, exact). */
export function positionOf(request: { cursor?: string; publishedAfter?: Date; publishedAfterId?: string }): PagePosition | undefined {
  if (request.cursor) {
    const position = decodeCursor(request.cursor);
    if (position.kind === "key" && !/^\d+$/.test(position.id)) throw new AppError(ErrorCode.InvalidParameter, { reason: "cursor: not a cursor of this list" });
    return position;
  }
  if (!request.publishedAfter) return undefined;
  if (request.publishedAfterId) return { kind: "key", us: String(request.publishedAfter.getTime() * 1000), id: request.publishedAfterId };
  return { kind: "time", before: request.publishedAfter };
}

/** A time given in microseconds since the epoch, exactly (no floating point on the way). */
export const fromMicros = (us: string): SQL => sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;

/** A time column as microseconds since the epoch, as text (what cursors carry). */
export const toMicros = (time: SQL): SQL => sql`(extract(epoch from ${time}) * 1000000)::bigint::text`;

/** The filter of the rows after `position` in `key`'s order. */
export function after(key: SortKey, position: PagePosition): SQL {
  return position.kind === "key"
    ? sql`(${key.time}, ${key.id}) < (${fromMicros(position.us)}, ${position.id}::bigint)`
    : sql`${key.time} < ${at(position.before)}`;
}

/**
 * The filter of the rows that share the millisecond of the item at (`us`, `id`) and come after
 * it: what a page for a time-only cursor must add so that it does not end inside that millisecond.
 */
export function tieRest(key: SortKey, us: string, id: string): SQL {
  const msStart = String((BigInt(us) / 1000n) * 1000n - (BigInt(us) < 0n && BigInt(us) % 1000n !== 0n ? 1000n : 0n));
  return sql`${key.time} >= ${fromMicros(msStart)} AND (${key.time}, ${key.id}) < (${fromMicros(us)}, ${id}::bigint)`;
}
