import type { DesktopBridge, DesktopErrorCode } from "@tidings/contracts";

/** How the preload reaches the main process: one call channel, one event channel. */
export interface BridgeTransport {
  invoke(name: string, input: unknown): Promise<unknown>;
  /** Hears every event the shell sends; answers how to stop hearing them. */
  subscribe(listener: (name: string, payload: unknown) => void): () => void;
}

/** A refused call, as the page sees it: the shell's sentence, and its code to act on. */
export class DesktopCallError extends Error {
  readonly code: DesktopErrorCode;

  constructor(code: DesktopErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = "DesktopCallError";
  }
}

const CODES: readonly DesktopErrorCode[] = ["INVALID_INPUT", "NOT_FOUND", "ALREADY_EXISTS", "UNREACHABLE", "UNSUPPORTED", "FAILED"];

/**
 * A call's answer from the main process (a `DesktopResult`: errors do not cross IPC intact) made
 * into the value, or a rejection with the shell's code.
 */
export function unwrapResult(result: unknown): unknown {
  if (typeof result !== "object" || result === null || !("ok" in result)) throw new DesktopCallError("FAILED", "The shell answered something unexpected");
  if (result.ok === true && "value" in result) return result.value;
  const code = "code" in result && CODES.includes(result.code as DesktopErrorCode) ? (result.code as DesktopErrorCode) : "FAILED";
  const message = "message" in result && typeof result.message === "string" ? result.message : "The shell refused the call";
  throw new DesktopCallError(code, message);
}

/** The app's version, which the main process passes to the window as `--tidings-version=`. */
export function versionFromArgv(argv: readonly string[]): string {
  const flag = argv.find((arg) => arg.startsWith("--tidings-version="));
  return flag ? flag.slice("--tidings-version=".length) : "";
}

/** `window.tidings` over a transport. */
export function createBridge(transport: BridgeTransport, info: { platform: string; version: string }): DesktopBridge {
  const invoke = async (name: string, ...input: unknown[]) => unwrapResult(await transport.invoke(name, input[0]));
  return {
    kind: "electron",
    platform: info.platform,
    version: info.version,
    invoke: invoke as DesktopBridge["invoke"],
    on(name, listener) {
      return transport.subscribe((event, payload) => {
        if (event === name) (listener as (payload: unknown) => void)(payload);
      });
    },
  };
}
