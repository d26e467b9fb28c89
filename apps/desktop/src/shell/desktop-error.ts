import type { DesktopErrorCode } from "@tidings/contracts";

/** The one error the shell answers the page with: a code it can act on and a sentence to show. */
export class DesktopError extends Error {
  readonly code: DesktopErrorCode;

  constructor(code: DesktopErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = "DesktopError";
  }
}
