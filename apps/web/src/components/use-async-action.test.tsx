import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useAsyncAction } from "./use-async-action.ts";

/** A promise the test settles by hand, to look at the state while the task runs. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("useAsyncAction", () => {
  it("is pending while the task runs, then idle with no error and reports success", async () => {
    const { result } = renderHook(() => useAsyncAction());
    expect(result.current.pending).toBe(false);
    const task = deferred();
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.run(() => task.promise);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      task.resolve();
      await done;
    });
    await expect(done).resolves.toBe(true);
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBeUndefined();
  });

  it("keeps the failure's message, clears pending after it, and clears the message on the next run", async () => {
    const { result } = renderHook(() => useAsyncAction());
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.run(() => Promise.reject(new Error("Invalid password")));
    });
    expect(ok).toBe(false);
    expect(result.current.error).toBe("Invalid password");
    expect(result.current.pending).toBe(false);

    const task = deferred();
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.run(() => task.promise);
    });
    expect(result.current.error).toBeUndefined();
    await act(async () => {
      task.resolve();
      await done;
    });
  });

  it("describes failures with the given function, and lets the form set or clear the error", async () => {
    const { result } = renderHook(() => useAsyncAction((error) => `failed: ${String(error)}`));
    await act(async () => {
      await result.current.run(() => Promise.reject("boom"));
    });
    expect(result.current.error).toBe("failed: boom");
    act(() => result.current.setError(undefined));
    expect(result.current.error).toBeUndefined();
  });

  it("holds the running key when keyed, and clears it after a failure", async () => {
    const { result } = renderHook(() => useAsyncAction<string>());
    const task = deferred();
    let done!: Promise<boolean>;
    act(() => {
      done = result.current.run(() => task.promise, "github");
    });
    expect(result.current.pending).toBe("github");
    await act(async () => {
      task.reject(new Error("This is the last way to sign in."));
      await done;
    });
    await expect(done).resolves.toBe(false);
    expect(result.current.pending).toBe(false);
    expect(result.current.error).toBe("This is the last way to sign in.");
  });
});
