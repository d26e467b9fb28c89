import { AsyncLocalStorage } from "node:async_hooks";

/** The fetch the OpenAI SDK calls (its `fetch` option). */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** Why a call's signal fired. */
export type Interruption = "caller" | "timeout" | "refused";

/** A 429 or 5xx answer the SDK is about to retry. */
export interface RetriedAnswer {
  status: number;
  retryAfterMs: number | null;
}

const current = new AsyncLocalStorage<ProviderCall>();

/**
 * One call to the provider across all the SDK's attempts. It owns the signal handed to the
 * SDK, which fires on the caller's abort, on its timer or when the transport refused an
 * address; the SDK then stops at once (it would otherwise retry a refused connection, and
 * keeps no overall deadline of its own). Through tracingFetch it also learns of each attempt,
 * so a time limit that runs out while the SDK waits to retry a 429 is reported as what it is.
 */
export class ProviderCall {
  readonly signal: AbortSignal;
  interruption: Interruption | null = null;
  /** The error of a refused connection, when interruption is "refused". */
  refusal: unknown = null;
  /** Set by a 429/5xx answer, cleared when the next attempt starts. */
  retrying: RetriedAnswer | null = null;
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal | undefined;
  readonly #timeoutMs: number;
  #timer: NodeJS.Timeout | undefined;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
    this.signal = this.#controller.signal;
    this.#caller = caller;
    this.#timeoutMs = timeoutMs;
    if (caller?.aborted) this.#interrupt("caller", caller.reason);
    caller?.addEventListener("abort", this.#onCallerAbort, { once: true });
    this.restartTimer();
  }

  /** Runs `start` so that every fetch the SDK makes for it is traced to this call. */
  run<T>(start: () => T): T {
    return current.run(this, start);
  }

  /** (Re)starts the time limit: the whole call until the answer starts, then each wait for more. */
  restartTimer(): void {
    if (this.interruption !== null) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#interrupt("timeout", new Error(`no answer within ${this.#timeoutMs} ms`)), this.#timeoutMs);
  }

  /** Stops the clock while our own caller, not the provider, is the one taking its time. */
  pauseTimer(): void {
    clearTimeout(this.#timer);
  }

  /** Aborts the call because the transport refused to connect. */
  refuse(error: unknown): void {
    this.refusal = error;
    this.#interrupt("refused", error);
  }

  /** Done (answered or failed): no timer, no listener left behind. */
  finish(): void {
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener("abort", this.#onCallerAbort);
  }

  /** What the caller's abort should throw: its own reason, as fetch does. */
  callerReason(): unknown {
    return this.#caller?.reason ?? new DOMException("This operation was aborted", "AbortError");
  }

  readonly #onCallerAbort = () => this.#interrupt("caller", this.#caller?.reason);

  #interrupt(why: Interruption, reason: unknown): void {
    if (this.interruption !== null) return;
    this.interruption = why;
    this.finish();
    this.#controller.abort(reason);
  }
}

/**
 * Wraps the SDK's fetch so the call in progress (see ProviderCall) hears of each attempt: a
 * retriable status before the SDK sleeps on it, a refused connection before the SDK would
 * retry it.
 */
export function tracingFetch(base: Fetch, isRefusal: (error: unknown) => boolean): Fetch {
  return async (input, init) => {
    const call = current.getStore();
    if (call !== undefined) call.retrying = null;
    try {
      const response = await base(input, init);
      if (call !== undefined && (response.status === 429 || response.status >= 500)) {
        call.retrying = { status: response.status, retryAfterMs: retryAfterMs(response.headers) };
      }
      return response;
    } catch (error) {
      if (call !== undefined && isRefusal(error)) call.refuse(error);
      throw error;
    }
  };
}

/** The wait a 429/503 asks for, from `retry-after-ms` or `retry-after` (seconds or a date), as the SDK reads them. */
export function retryAfterMs(headers: Headers | undefined): number | null {
  const millis = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(millis) && millis >= 0) return Math.round(millis);
  const value = headers?.get("retry-after");
  if (value === null || value === undefined) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : null;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/**
 * A response body handed to our caller, still under the call's time limit: the clock runs
 * only while a read waits on the provider, not while the caller takes its time, and whatever
 * breaks mid-body is reported through `fail` (an AiProviderError) rather than as a bare
 * network error.
 */
export function watchBody(body: ReadableStream<Uint8Array>, call: ProviderCall, fail: (error: unknown) => unknown): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  call.pauseTimer();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        call.restartTimer();
        try {
          const chunk = await reader.read();
          call.pauseTimer();
          if (call.interruption !== null) throw call.signal.reason;
          if (chunk.done) {
            call.finish();
            controller.close();
          } else {
            controller.enqueue(chunk.value);
          }
        } catch (error) {
          call.finish();
          controller.error(fail(error));
        }
      },
      async cancel(reason) {
        call.finish();
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
