import { beforeEach, describe, expect, it } from "vitest";
import { storage } from "../../lib/storage.ts";
import { folderState } from "./folder-state.ts";

beforeEach(() => folderState.reset());

describe("folder open/closed state (spec §4)", () => {
  it("starts closed and is kept per view in local storage", () => {
    expect(folderState.isOpen(0, "Tech")).toBe(false);
    folderState.toggle(0, "Tech");
    expect(folderState.isOpen(0, "Tech")).toBe(true);
    expect(folderState.isOpen(1, "Tech")).toBe(false);
    expect(JSON.parse(storage.get("subscriptions:folders:0")!)).toEqual({ Tech: true });
    expect(storage.get("subscriptions:folders:1")).toBeNull();
  });

  it("survives a reload (read back from storage)", () => {
    folderState.set(2, "Photos", true);
    folderState.reset();
    expect(folderState.isOpen(2, "Photos")).toBe(true);
    folderState.set(2, "Photos", false);
    folderState.reset();
    expect(folderState.isOpen(2, "Photos")).toBe(false);
    expect(storage.get("subscriptions:folders:2")).toBeNull();
  });

  it("moves with a rename and with a move to another view", () => {
    folderState.set(0, "Tech", true);
    folderState.move({ view: 0, name: "Tech" }, { view: 0, name: "Technology" });
    expect(folderState.isOpen(0, "Tech")).toBe(false);
    expect(folderState.isOpen(0, "Technology")).toBe(true);
    folderState.move({ view: 0, name: "Technology" }, { view: 3, name: "Technology" });
    expect(folderState.isOpen(0, "Technology")).toBe(false);
    expect(folderState.isOpen(3, "Technology")).toBe(true);
    folderState.reset();
    expect(folderState.isOpen(3, "Technology")).toBe(true);
  });

  it("a closed folder renamed onto an open one leaves that one open", () => {
    folderState.set(0, "B", true);
    folderState.move({ view: 0, name: "A" }, { view: 0, name: "B" });
    expect(folderState.isOpen(0, "B")).toBe(true);
  });
});
