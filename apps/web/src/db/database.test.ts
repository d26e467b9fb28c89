import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database, openDatabase } from "./database.ts";

/** Creates a raw IndexedDB database the app did not make: another version, other stores. */
function createForeign(name: string, version: number, stores: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = () => stores.forEach((store) => request.result.createObjectStore(store));
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => {
  database().close();
  vi.unstubAllGlobals();
  warn.mockClear();
});

describe("openDatabase (spec §4 local database resilience)", () => {
  it("opens a healthy database as it is", async () => {
    const name = `db-${Math.random()}`;
    await expect(openDatabase(name)).resolves.toBe("indexeddb");
    await database().unread.put({ id: "1", count: 2 });
    expect(warn).not.toHaveBeenCalled();
  });

  it("works with a database left by a newer version of the app", async () => {
    const name = `db-${Math.random()}`;
    await createForeign(name, 990, ["somethingElse"]);
    await expect(openDatabase(name)).resolves.toMatch(/indexeddb|rebuilt/);
    await database().unread.put({ id: "1", count: 2 });
    expect(await database().unread.get("1")).toEqual({ id: "1", count: 2 });
  });

  it("deletes and rebuilds a database whose stores have another key, with a warning", async () => {
    const name = `db-${Math.random()}`;
    await new Promise<void>((resolve) => {
      const request = indexedDB.open(name, 990);
      request.onupgradeneeded = () => {
        request.result.createObjectStore("entries", { keyPath: "uid", autoIncrement: true });
        request.result.createObjectStore("unread", { keyPath: "id" });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await expect(openDatabase(name)).resolves.toBe("rebuilt");
    await database().entries.put({ id: "e", sourceKey: "f", entry: {} as never, read: false, starredAt: null, cachedAt: 1 });
    expect(await database().entries.get("e")).toMatchObject({ sourceKey: "f" });
    expect(warn.mock.calls.some(([message]) => String(message).includes("building it again"))).toBe(true);
  });

  it("rebuilds a database whose stores are missing at the same version", async () => {
    const name = `db-${Math.random()}`;
    await createForeign(name, 10, ["feeds"]);
    await expect(openDatabase(name)).resolves.toMatch(/rebuilt|indexeddb/);
    await database().entries.put({ id: "e", sourceKey: "f", entry: {} as never, read: false, starredAt: null, cachedAt: 1 });
    expect(await database().entries.count()).toBe(1);
  });

  it("works from memory when IndexedDB is missing, with a console warning", async () => {
    vi.stubGlobal("indexedDB", undefined);
    await expect(openDatabase(`db-${Math.random()}`)).resolves.toBe("memory");
    await database().outbox.add({ kind: "read", entryIds: ["1"], createdAt: 1 });
    expect(await database().outbox.count()).toBe(1);
    expect(warn.mock.calls.some(([message]) => String(message).includes("IndexedDB is unavailable"))).toBe(true);
  });
});
