import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { useConnectivity } from "../lib/connectivity.ts";
import { registerErrorReporter } from "../lib/notify.ts";
import { optimistic } from "./optimistic.ts";

afterEach(() => {
  registerErrorReporter((error) => console.error(error));
  useConnectivity.setState({ online: true });
});

describe("optimistic (spec §4: apply, send, roll back on failure then rethrow, persist)", () => {
  it("applies at once, then persists once the server agreed", async () => {
    const order: string[] = [];
    let resolveCall!: () => void;
    const done = optimistic({
      apply: () => (order.push("apply"), 1),
      execute: () => new Promise<void>((resolve) => (resolveCall = () => (order.push("execute"), resolve()))),
      rollback: () => order.push("rollback"),
      persist: async () => void order.push("persist"),
    });
    expect(order).toEqual(["apply"]);
    resolveCall();
    await done;
    expect(order).toEqual(["apply", "execute", "persist"]);
  });

  it("rolls back with the context, reports the error and rethrows it; nothing is persisted", async () => {
    const reported = vi.fn();
    registerErrorReporter(reported);
    const rollback = vi.fn();
    const persist = vi.fn();
    const failure = new Error("refused");
    await expect(optimistic({ apply: () => ({ before: 3 }), execute: () => Promise.reject(failure), rollback, persist })).rejects.toBe(failure);
    expect(rollback).toHaveBeenCalledWith({ before: 3 });
    expect(reported).toHaveBeenCalledWith(failure);
    expect(persist).not.toHaveBeenCalled();
  });

  it("keeps a change made offline and queues it instead of sending it", async () => {
    useConnectivity.setState({ online: false });
    const execute = vi.fn();
    const rollback = vi.fn();
    const queue = vi.fn(async () => undefined);
    const persist = vi.fn(async () => undefined);
    await optimistic({ apply: () => "ctx", execute, rollback, persist, queue });
    expect(execute).not.toHaveBeenCalled();
    expect(rollback).not.toHaveBeenCalled();
    expect(queue).toHaveBeenCalledWith("ctx");
    expect(persist).toHaveBeenCalledWith("ctx");
  });

  it("queues a change whose request never reached the server, but rolls back a refusal", async () => {
    const reported = vi.fn();
    registerErrorReporter(reported);
    const queue = vi.fn(async () => undefined);
    const rollback = vi.fn();
    const dropped = new ApiError({ method: "POST", url: "/api/collections", cause: new TypeError("Failed to fetch") });
    await optimistic({ apply: () => 1, execute: () => Promise.reject(dropped), rollback, queue });
    expect(queue).toHaveBeenCalledOnce();
    expect(rollback).not.toHaveBeenCalled();
    expect(reported).not.toHaveBeenCalled();

    const refused = new ApiError({ method: "POST", url: "/api/collections", status: 500, statusText: "Internal Server Error" });
    await expect(optimistic({ apply: () => 2, execute: () => Promise.reject(refused), rollback, queue })).rejects.toBe(refused);
    expect(rollback).toHaveBeenCalledWith(2);
    expect(queue).toHaveBeenCalledOnce();
    expect(reported).toHaveBeenCalledWith(refused);
  });
});
