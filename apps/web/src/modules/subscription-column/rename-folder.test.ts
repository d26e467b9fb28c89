import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setDatabaseForTests, TidingsDatabase } from "../../db/database.ts";
import { registerErrorReporter } from "../../lib/notify.ts";
import { registerQueryClient } from "../../lib/query-client-instance.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { subscriptionsActions, useSubscriptions } from "../../store/subscriptions.store.ts";
import { folderState } from "./folder-state.ts";
import { renameFolderTo } from "./row-actions.ts";
import { allFolders } from "./subscription-tree.ts";
import { feedSubscription } from "./test-fixtures.ts";

let db: TidingsDatabase;
const a = feedSubscription({ category: "Tech" });
const b = feedSubscription({ category: "Tech" });

function answer(status: number) {
  vi.stubGlobal("fetch", vi.fn(async () => Response.json(status < 300 ? { code: 0, data: null } : { code: 1005, message: "Internal error" }, { status })));
}

beforeEach(() => {
  db = new TidingsDatabase(`rename-${Math.random()}`);
  setDatabaseForTests(db);
  registerQueryClient(createQueryClient());
  registerErrorReporter(() => undefined);
  folderState.reset();
  subscriptionsActions.replace([a, b]);
  folderState.set(0, "Tech", true);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
});

const tech = () => allFolders(Object.values(useSubscriptions.getState().byKey), 0, false).find((folder) => folder.id === "Tech")!;

describe("renaming a folder (spec §4: the open state moves with a rename)", () => {
  it("renames every feed of it and carries the open state over", async () => {
    answer(200);
    await renameFolderTo(0, tech(), "Technology");
    expect(folderState.isOpen(0, "Technology")).toBe(true);
    expect(folderState.isOpen(0, "Tech")).toBe(false);
    expect(allFolders(Object.values(useSubscriptions.getState().byKey), 0, false).map((folder) => [folder.id, folder.feedIds.length])).toEqual([["Technology", 2]]);
  });

  it("puts the name and the open state back when the server refuses", async () => {
    answer(500);
    await renameFolderTo(0, tech(), "Technology");
    expect(folderState.isOpen(0, "Tech")).toBe(true);
    expect(folderState.isOpen(0, "Technology")).toBe(false);
    expect(useSubscriptions.getState().byKey[a.feedId]!.category).toBe("Tech");
  });
});
