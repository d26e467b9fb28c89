import { DesktopCallError, desktopBridgeOf, type InjectedDesktopBridge, unwrapDesktopResult as unwrapResult } from "@tidings/contracts";
import { describe, expect, it, vi } from "vitest";
import { createInjectedBridge, versionFromArgv } from "../src/electron/bridge-client.ts";
import { createFakeRenderer } from "./fake-electron.ts";

describe("the bridge's client", () => {
  it("unwraps a value, and rejects a refusal with its code", () => {
    expect(unwrapResult({ ok: true, value: { path: "/v/a.md" } })).toEqual({ path: "/v/a.md" });
    expect(unwrapResult({ ok: true, value: null })).toBeNull();
    const refused = (() => {
      try {
        unwrapResult({ ok: false, code: "ALREADY_EXISTS", message: "a.md is already in the vault" });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: "ALREADY_EXISTS", message: "a.md is already in the vault" });
  });

  it("answers FAILED to anything that is not a result", () => {
    for (const answer of [undefined, null, "ok", { value: 1 }, { ok: false, code: "WHATEVER" }]) {
      expect(() => unwrapResult(answer)).toThrow(DesktopCallError);
      try {
        unwrapResult(answer);
      } catch (error) {
        expect((error as DesktopCallError).code).toBe("FAILED");
      }
    }
  });

  it("reads the version the main process passes", () => {
    expect(versionFromArgv(["/electron", "--type=renderer", "--tidings-version=0.5.0"])).toBe("0.5.0");
    expect(versionFromArgv(["/electron"])).toBe("");
  });

  it("calls with one input and hears only the events it listens to, until it stops", async () => {
    let emit: (name: string, payload: unknown) => void = () => undefined;
    const unsubscribe = vi.fn();
    const invoke = vi.fn(async () => ({ ok: true, value: "dark" }));
    const bridge = desktopBridgeOf(createInjectedBridge({ invoke, subscribe: (listener) => ((emit = listener), unsubscribe) }, { platform: "linux", version: "1.2.3" }));
    expect([bridge.kind, bridge.platform, bridge.version]).toEqual(["electron", "linux", "1.2.3"]);
    expect(await bridge.invoke("setting.getAppearance")).toBe("dark");
    await bridge.invoke("app.setUnreadCount", { count: 2 });
    expect(invoke.mock.calls).toEqual([["setting.getAppearance", undefined], ["app.setUnreadCount", { count: 2 }]]);
    const heard = vi.fn();
    const stop = bridge.on("navigate", heard);
    emit("command", { id: "timeline.next" });
    emit("navigate", { path: "/a" });
    expect(heard.mock.calls).toEqual([[{ path: "/a" }]]);
    stop();
    expect(unsubscribe).toHaveBeenCalledOnce();
  });
});

describe("the preload", () => {
  it("exposes window.tidings over the bridge's IPC channels", async () => {
    const renderer = createFakeRenderer((_channel, name) => (name === "window.getMode" ? { ok: true, value: "normal" } : { ok: false, code: "UNSUPPORTED", message: "no" }));
    vi.doMock("electron", () => ({ default: renderer.module, ...renderer.module }));
    const argv = process.argv;
    process.argv = [...argv, "--tidings-version=9.9.9"];
    try {
      await import("../src/electron/preload.ts");
    } finally {
      process.argv = argv;
      vi.doUnmock("electron");
    }
    const bridge = desktopBridgeOf(renderer.exposed.get("tidings") as InjectedDesktopBridge);
    expect([bridge.kind, bridge.version, bridge.platform]).toEqual(["electron", "9.9.9", process.platform]);
    expect(await bridge.invoke("window.getMode")).toBe("normal");
    await expect(bridge.invoke("auth.signOut")).rejects.toMatchObject({ code: "UNSUPPORTED" });
    expect(renderer.ipcRenderer.invocations).toEqual([["tidings:call", "window.getMode", undefined], ["tidings:call", "auth.signOut", undefined]]);
    const heard = vi.fn();
    const stop = bridge.on("setting.appearanceChanged", heard);
    renderer.ipcRenderer.emit("tidings:event", {}, "setting.appearanceChanged", "dark");
    stop();
    renderer.ipcRenderer.emit("tidings:event", {}, "setting.appearanceChanged", "light");
    expect(heard.mock.calls).toEqual([["dark"]]);
  });
});
