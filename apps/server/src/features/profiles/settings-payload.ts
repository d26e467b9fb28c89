import { ErrorCode } from "@tidings/contracts";
import { AppError } from "../../errors.ts";

/** Largest stored payload of one tab, serialised as JSON (UTF-8 bytes). */
export const MAX_SETTINGS_BYTES = 64 * 1024;

export type SettingsPayload = Record<string, unknown>;

const isPlainObject = (value: unknown): value is SettingsPayload => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The body of PATCH /settings/:tab: a JSON object, else 7002 (an array, a string, a number, null
 * or text that is not JSON at all).
 */
export function parseSettingsPatch(text: string): SettingsPayload {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError(ErrorCode.InvalidSettingPayload, { reason: "The body is not valid JSON" });
  }
  if (!isPlainObject(value)) throw new AppError(ErrorCode.InvalidSettingPayload, { reason: "The body must be a JSON object" });
  return value;
}

/**
 * A shallow merge of `patch` into `stored`: keys of the patch replace stored ones, a null value
 * removes the key. Built with Object.fromEntries so that a "__proto__" key stays an ordinary key.
 */
export function mergeSettings(stored: SettingsPayload, patch: SettingsPayload): SettingsPayload {
  const merged = new Map(Object.entries(stored));
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

/** Throws 7003 when a payload is larger than {@link MAX_SETTINGS_BYTES} once serialised. */
export function assertSettingsSize(payload: SettingsPayload): void {
  const bytes = Buffer.byteLength(JSON.stringify(payload), "utf8");
  if (bytes > MAX_SETTINGS_BYTES) {
    throw new AppError(ErrorCode.SettingPayloadTooLarge, { reason: `The settings would take ${bytes} bytes; at most ${MAX_SETTINGS_BYTES} are kept per tab` });
  }
}
