import { describe, expect, it, vi } from "vitest";
import { describeRouteError, isModuleLoadFailure, RELOAD_FLAG, reloadOnceForNewVersion } from "./describe-error.ts";

describe("describeRouteError", () => {
  it("shows status and status text of a route response", () => {
    expect(describeRouteError({ status: 404, statusText: "Not Found", internal: false, data: null })).toBe("404 Not Found");
  });

  it("shows an error's message, else its JSON form", () => {
    expect(describeRouteError(new Error("boom"))).toBe("boom");
    expect(describeRouteError({ reason: 42 })).toBe('{"reason":42}');
  });
});

describe("reloadOnceForNewVersion", () => {
  const chunkError = new TypeError("Failed to fetch dynamically imported module: /assets/app-shell-1.js");

  it("recognises failed code-module loads", () => {
    expect(isModuleLoadFailure(chunkError)).toBe(true);
    expect(isModuleLoadFailure(new Error("boom"))).toBe(false);
  });

  it("reloads once per session, then lets the error page show", () => {
    const session = new Map<string, string>();
    const store = { getItem: (key: string) => session.get(key) ?? null, setItem: (key: string, value: string) => void session.set(key, value) };
    const reload = vi.fn();
    expect(reloadOnceForNewVersion(chunkError, store, reload)).toBe(true);
    expect(session.get(RELOAD_FLAG)).toBe("1");
    expect(reloadOnceForNewVersion(chunkError, store, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads for other errors", () => {
    const reload = vi.fn();
    expect(reloadOnceForNewVersion(new Error("boom"), { getItem: () => null, setItem: () => {} }, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
