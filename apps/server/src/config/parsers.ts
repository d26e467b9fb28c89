import { z } from "zod";

/**
 * How environment variables are read, shared by every feature's settings (`*.config.ts`): each
 * parser names its variable in its messages, so one start-up error lists every bad setting.
 */

/** The variables a section reads, by name. */
export type EnvShape = Record<string, z.ZodType>;
/** What a section's variables parse to. */
export type EnvOf<S extends EnvShape> = z.output<z.ZodObject<S>>;

/** true, false, or undefined when unset or empty. */
export const optionalBool = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return undefined;
      const normal = value.trim().toLowerCase();
      if (["1", "true", "yes", "on"].includes(normal)) return true;
      if (["0", "false", "no", "off"].includes(normal)) return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false (got "${value}")` });
      return z.NEVER;
    });

export const bool = (name: string, fallback: boolean) => optionalBool(name).transform((value) => value ?? fallback);

export const integer = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return fallback;
      const number = Number(value);
      if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be an integer from ${min} to ${max} (got "${value}")` });
        return z.NEVER;
      }
      return number;
    });

export const url = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    {
      error: (issue) =>
        `${name} must be a ${protocols.map((protocol) => `${protocol}//`).join(" or ")} URL (got "${String(issue.input)}")`,
    },
  );

/** One of `values`, or `fallback` when unset. */
export const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: (issue) => `${name} must be one of ${values.join(", ")} (got "${String(issue.input)}")` });
