import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { TidingsDatabase, setDatabaseForTests } from "./database.ts";
import { CHAIN_LENGTH, KEEP_CHAINS, clearTimelineChains, loadTimelineChains, saveTimelineChain, timelineChain, usableChain } from "./timeline-chains.repo.ts";

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => String(from + i));
const cursors = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `c${from + i}`);

afterEach(() => clearTimelineChains());

describe("timeline chains (the server's order and cursors, kept per timeline)", () => {
  it("survives a reload: what is saved comes back from the local database", async () => {
    setDatabaseForTests(new TidingsDatabase(`chains-${Math.random()}`));
    await saveTimelineChain("feed-1", { ids: ids(3), cursors: cursors(3), nextCursor: "c2" });
    clearTimelineChains();
    expect(timelineChain("feed-1")).toBeUndefined();
    await loadTimelineChains();
    expect(timelineChain("feed-1")).toMatchObject({ ids: ["0", "1", "2"], cursors: ["c0", "c1", "c2"], nextCursor: "c2" });
  });

  it("cut short, goes on after its own last item; old timelines are forgotten first", async () => {
    const db = new TidingsDatabase(`chains-${Math.random()}`);
    setDatabaseForTests(db);
    await saveTimelineChain("long", { ids: ids(CHAIN_LENGTH + 10), cursors: cursors(CHAIN_LENGTH + 10), nextCursor: "later" });
    expect(timelineChain("long")).toMatchObject({ nextCursor: `c${CHAIN_LENGTH - 1}` });
    expect(timelineChain("long")!.ids).toHaveLength(CHAIN_LENGTH);
    for (let i = 0; i < KEEP_CHAINS + 2; i++) await saveTimelineChain(`t${i}`, { ids: ["x"], cursors: ["cx"], nextCursor: null });
    expect(await db.meta.where("key").startsWith("timeline:").count()).toBe(KEEP_CHAINS);
  });

  it("shows what the device holds up to the first entry it lost, and pages on from there", () => {
    const chain = { ids: ids(5), cursors: cursors(5), nextCursor: "c4", savedAt: 0 };
    expect(usableChain(chain, () => true)).toEqual({ ids: ids(5), nextCursor: "c4" });
    // Entry 3 is gone from the device: the list stops before it, and the next page starts after 2, so 3 is fetched again, never skipped.
    expect(usableChain(chain, (id) => id !== "3")).toEqual({ ids: ["0", "1", "2"], nextCursor: "c2" });
    expect(usableChain(chain, (id) => id !== "0")).toEqual({ ids: [], nextCursor: null });
  });
});
