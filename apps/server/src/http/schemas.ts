import { FEED_VIEWS, isValidId } from "@tidings/contracts";
import { z } from "zod";

/** A snowflake id in a request. */
export const idSchema = z.string().refine(isValidId, "must be an id (a 13 to 19 digit string)");

/** A view number (0-5), from JSON or from a query string. */
export const viewSchema = z.coerce.number().int().min(0).max(FEED_VIEWS.length - 1);

/** A boolean from JSON, or "true"/"false"/"1"/"0" from a query string. */
export const queryBoolean = z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1")]);

/** A point in time: an ISO string or milliseconds since the epoch (number or numeric string). */
export const timeSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const ms = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: "custom", message: "must be a time (ISO 8601 or milliseconds)" });
    return z.NEVER;
  }
  return new Date(ms);
});
