import type { Context } from "hono";

/** Answers `{code: 0, data}`, or `{code: 0}` when there is nothing to return. */
export function ok<T>(c: Context, data?: T) {
  return data === undefined ? c.json({ code: 0 as const }) : c.json({ code: 0 as const, data });
}
