import { describe, expect, it } from "vitest";
import { onFirstUse } from "./on-first-use.ts";

describe("onFirstUse", () => {
  it("makes the value once, however many ask at once", async () => {
    let made = 0;
    const value = onFirstUse(async () => ++made);
    expect(await Promise.all([value(), value(), value()])).toEqual([1, 1, 1]);
    expect(await value()).toBe(1);
    expect(made).toBe(1);
  });

  it("tries again after a failure", async () => {
    let tries = 0;
    const value = onFirstUse(async () => {
      if (++tries === 1) throw new Error("not yet");
      return "ok";
    });
    await expect(value()).rejects.toThrow("not yet");
    expect(await value()).toBe("ok");
    expect(tries).toBe(2);
  });
});
