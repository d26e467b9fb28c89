import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../src/db/client.ts";
import type { TestApp } from "../helpers/app.ts";

/** A Fever answer: the status and the JSON body. */
export interface FeverAnswer {
  status: number;
  body: Record<string, unknown> & { api_version?: number; auth?: number; error?: string };
}

export { appPassword } from "../helpers/app-passwords.ts";

/** The key a Fever client computes from what its user typed: md5 of `email:password`. */
export const feverKey = (email: string, password: string) => createHash("md5").update(`${email}:${password}`).digest("hex");

/**
 * A Fever client: each call POSTs `api_key` (and the write arguments) as a form to
 * `<path>?api&<query>`, as Reeder, ReadKit and Unread do.
 */
export function feverClient(t: TestApp, apiKey: string | null, path = "/api/fever.php") {
  return async (query = "", form: Record<string, string> = {}): Promise<FeverAnswer> => {
    const body = new URLSearchParams({ ...(apiKey === null ? {} : { api_key: apiKey }), ...form });
    const response = await t.request(`${path}?api${query ? `&${query}` : ""}`, { method: "POST", body });
    return { status: response.status, body: (await response.json()) as FeverAnswer["body"] };
  };
}

export type FeverCall = ReturnType<typeof feverClient>;

/** The unread counts as the unread rows say they should be (by source id). */
export async function recount(t: TestApp, userId: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ source_id: string | number; n: number }>(
    await t.deps.db.execute(sql`SELECT source_id, count(*)::int AS n FROM unread_entries WHERE user_id = ${userId} GROUP BY source_id`),
  );
  return Object.fromEntries(rows.map((row) => [String(row.source_id), Number(row.n)]));
}

/** The stored unread counts (non-zero), by source id. */
export async function storedCounts(t: TestApp, userId: string): Promise<Record<string, number>> {
  return Object.fromEntries((await t.deps.timeline.unreadCounts(userId)).map((row) => [row.sourceId, row.count]));
}

/** A reader's subscriptions' Fever feed ids (sync ids), by target id. */
export async function syncIds(t: TestApp, userId: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ target_id: string | number; sync_id: number }>(await t.deps.db.execute(sql`SELECT target_id, sync_id FROM subscriptions WHERE user_id = ${userId}`));
  return Object.fromEntries(rows.map((row) => [String(row.target_id), Number(row.sync_id)]));
}

/** Sorts decimal ids numerically. */
export const byId = (ids: string[]) => [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));

/** A comma-separated Fever id list as an array, in its own order. */
export const idList = (value: unknown) => String(value ?? "").split(",").filter(Boolean);

/** Every entry's Fever item id (its sync id), by entry id. */
export async function itemIdsOf(t: TestApp): Promise<(entryId: string) => string> {
  const rows = rowsOf<{ id: string | number; sync_id: string | number }>(await t.deps.db.execute(sql`SELECT id, sync_id FROM entries`));
  const map = new Map(rows.map((row) => [String(row.id), String(row.sync_id)]));
  return (entryId) => {
    const item = map.get(entryId);
    if (item === undefined) throw new Error(`no entry ${entryId}`);
    return item;
  };
}
