import { afterEach, describe, expect, it, vi } from "vitest";
import { registerHotkey } from "./dispatcher.ts";
import { isEditable, matchesCombo, parseKeys } from "./keys.ts";

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : /^\d$/.test(key) ? `Digit${key}` : key;
  const event = new KeyboardEvent("keydown", { key, code, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((fn) => fn());
  document.body.innerHTML = "";
});

describe("key combinations", () => {
  it("matches modifiers exactly: j is not Shift+J, ? is typed with Shift", () => {
    const j = parseKeys("j")[0]!;
    expect(matchesCombo(new KeyboardEvent("keydown", { key: "j", code: "KeyJ" }), j)).toBe(true);
    expect(matchesCombo(new KeyboardEvent("keydown", { key: "J", code: "KeyJ", shiftKey: true }), j)).toBe(false);
    expect(matchesCombo(new KeyboardEvent("keydown", { key: "J", code: "KeyJ", shiftKey: true }), parseKeys("shift+j")[0]!)).toBe(true);
    expect(matchesCombo(new KeyboardEvent("keydown", { key: "?", code: "Slash", shiftKey: true }), parseKeys("shift+?")[0]!)).toBe(true);
    expect(matchesCombo(new KeyboardEvent("keydown", { key: "j", code: "KeyJ", ctrlKey: true }), j)).toBe(false);
  });

  it("knows where typing goes", () => {
    const input = document.createElement("input");
    const checkbox = Object.assign(document.createElement("input"), { type: "checkbox" });
    const editable = document.createElement("div");
    editable.contentEditable = "true";
    expect([isEditable(input), isEditable(checkbox), isEditable(document.createElement("textarea")), isEditable(document.body)]).toEqual([true, false, true, false]);
  });
});

describe("the dispatcher", () => {
  it("runs a shortcut in its focus area and not in another", () => {
    document.body.innerHTML = `<div data-focus-area="timeline"><button id="in">x</button></div><div data-focus-area="subscription-list"><button id="out">y</button></div>`;
    const handler = vi.fn();
    cleanups.push(registerHotkey("j", handler, { scope: "timeline" }));
    const event = press("j", {}, document.getElementById("in")!);
    expect(handler).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    press("j", {}, document.getElementById("out")!);
    expect(handler).toHaveBeenCalledOnce();
  });

  it("stays quiet while typing in an input (spec §2), and inside overlays for global ones", () => {
    document.body.innerHTML = `<input id="field"/><div role="dialog"><button id="modal">x</button></div>`;
    const handler = vi.fn();
    cleanups.push(registerHotkey("h", handler));
    press("h", {}, document.getElementById("field")!);
    press("h", {}, document.getElementById("modal")!);
    expect(handler).not.toHaveBeenCalled();
    press("h");
    expect(handler).toHaveBeenCalledOnce();
  });

  it("recognises sequences typed within a second", () => {
    const handler = vi.fn();
    cleanups.push(registerHotkey("g t", handler));
    press("g");
    press("t");
    expect(handler).toHaveBeenCalledOnce();
  });

  it("lets a declining handler pass the key to the next match", () => {
    const first = vi.fn(() => false);
    const second = vi.fn();
    cleanups.push(registerHotkey("space", second));
    cleanups.push(registerHotkey("space", first));
    const event = press(" ", { code: "Space" });
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
  });

  it("blurs a text field on Escape, but not while an input method composes", () => {
    document.body.innerHTML = `<input id="field"/>`;
    const field = document.getElementById("field") as HTMLInputElement;
    cleanups.push(registerHotkey("x", () => {}));
    field.focus();
    press("Escape", { isComposing: true }, field);
    expect(document.activeElement).toBe(field);
    press("Escape", {}, field);
    expect(document.activeElement).not.toBe(field);
  });
});
