import { describe, expect, it } from "vitest";
import { UI_DEFAULTS } from "../../store/settings-defaults.ts";
import { ARRANGEABLE_IDS, arrangementOf, DEFAULT_MAIN, moveAction, splitToolbar, toStoredOrder } from "./toolbar-order.ts";

describe("splitToolbar", () => {
  it("uses spec §9's main actions for the shipped default, the rest in the menu", () => {
    const { main, more } = splitToolbar(UI_DEFAULTS.toolbarOrder);
    expect(main).toEqual(["read", "star", "aiSummary", "readability", "sourceContent", "share"]);
    expect(more).toEqual([...ARRANGEABLE_IDS.filter((id) => !DEFAULT_MAIN.includes(id)), "customize"]);
  });

  it("falls back to the defaults when the order is empty or names nothing known", () => {
    expect(splitToolbar({ main: [], more: [] }).main).toEqual(DEFAULT_MAIN);
    expect(splitToolbar({ main: ["boost", "tts"], more: ["airdrop"] }).main).toEqual(DEFAULT_MAIN);
    expect(splitToolbar(undefined).main).toEqual(DEFAULT_MAIN);
  });

  it("keeps a person's order, skips unknown and duplicate ids, and never loses an action", () => {
    const { main, more } = splitToolbar({ main: ["copyLink", "airdrop", "star", "copyLink"], more: ["delete", "star"] });
    expect(main).toEqual(["copyLink", "star"]);
    expect(more[0]).toBe("delete");
    expect(more.at(-1)).toBe("customize");
    expect(new Set([...main, ...more]).size).toBe(main.length + more.length);
    expect([...main, ...more].sort()).toEqual([...ARRANGEABLE_IDS, "customize"].sort());
  });

  it("keeps customize in the menu even if stored in the toolbar", () => {
    const { main, more } = splitToolbar({ main: ["customize", "read"], more: [] });
    expect(main).toEqual(["read"]);
    expect(more.at(-1)).toBe("customize");
  });
});

describe("moveAction", () => {
  const start = arrangementOf({ main: ["read", "star", "share"], more: ["copyLink"] });

  it("reorders within a list (a drop before the row at an index)", () => {
    expect(moveAction(start, "read", "main", 3).main).toEqual(["star", "share", "read"]);
    expect(moveAction(start, "share", "main", 0).main).toEqual(["share", "read", "star"]);
    expect(moveAction(start, "read", "main", 2).main).toEqual(["star", "read", "share"]);
  });

  it("moves between the toolbar and the menu, clamping the index", () => {
    const next = moveAction(start, "star", "more", 99);
    expect(next.main).toEqual(["read", "share"]);
    expect(next.more.at(-1)).toBe("star");
    expect(next.more[0]).toBe("copyLink");
    const back = moveAction(next, "copyLink", "main", -5);
    expect(back.main).toEqual(["copyLink", "read", "share"]);
  });

  it("round-trips through the stored order without the pinned action", () => {
    const stored = toStoredOrder(start.main, [...start.more, "customize"]);
    expect(stored.more).not.toContain("customize");
    expect(arrangementOf(stored)).toEqual(start);
  });
});
