import { afterEach, describe, expect, it, vi } from "vitest";
import { registerErrorReporter } from "../lib/notify.ts";
import { optimistic } from "./optimistic.ts";

afterEach(() => registerErrorReporter((error) => console.error(error)));

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
});
