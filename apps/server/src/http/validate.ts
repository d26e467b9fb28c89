import { zValidator } from "@hono/zod-validator";
import { ErrorCode } from "@tidings/contracts";
import type { ValidationTargets } from "hono";
import type { ZodType, core } from "zod";
import { AppError } from "../errors.ts";

/** Turns zod issues into one readable line: `view: expected a number; url: required`. */
export function describeIssues(issues: readonly core.$ZodIssue[]): string {
  return issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/**
 * Validates one part of the request with a zod schema; invalid input is answered with code 1002
 * and a reason naming what was wrong.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new AppError(ErrorCode.InvalidParameter, { reason: describeIssues(result.error.issues) });
    }
  });
}
