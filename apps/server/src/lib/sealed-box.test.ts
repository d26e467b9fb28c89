import { describe, expect, it } from "vitest";
import { createSealedBox } from "./sealed-box.ts";

describe("sealed box", () => {
  const box = createSealedBox("a server secret of enough length 0123456789", "ai-keys");

  it("opens what it sealed; the sealed form never contains the secret and differs each time", () => {
    const sealed = box.seal("sk-live-abcdef123456");
    expect(sealed).not.toContain("abcdef");
    expect(box.seal("sk-live-abcdef123456")).not.toBe(sealed);
    expect(box.open(sealed)).toBe("sk-live-abcdef123456");
  });

  it("refuses a value sealed under another secret or purpose, an altered one and garbage", () => {
    const sealed = box.seal("sk-1");
    expect(createSealedBox("another secret of enough length 0123456789", "ai-keys").open(sealed)).toBeNull();
    expect(createSealedBox("a server secret of enough length 0123456789", "other").open(sealed)).toBeNull();
    const parts = sealed.split(".");
    const altered = [...parts.slice(0, 3), `${parts[3]!.slice(0, -2)}AA`].join(".");
    expect(box.open(altered)).toBeNull();
    expect(box.open("not sealed")).toBeNull();
  });
});
