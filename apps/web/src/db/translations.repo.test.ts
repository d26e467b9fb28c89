import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { database, setDatabaseForTests, TidingsDatabase } from "./database.ts";
import { loadTranslation, purgeTranslations, saveTranslation, TRANSLATION_MAX_AGE_MS } from "./translations.repo.ts";

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => setDatabaseForTests(new TidingsDatabase(`translations-${Math.random()}`)));
afterEach(() => database().close());

describe("local translations (spec §3, §4)", () => {
  it("keeps one translation per entry and language", async () => {
    await saveTranslation({ entryId: "1", language: "ja", title: "灯台", requested: ["title"], createdAt: NOW });
    await saveTranslation({ entryId: "1", language: "ja", title: "最後の灯台守", requested: ["title"], createdAt: NOW });
    await saveTranslation({ entryId: "1", language: "en", requested: ["title"], createdAt: NOW });
    expect((await loadTranslation("1", "ja"))?.title).toBe("最後の灯台守");
    expect(await database().translations.count()).toBe(2);
    expect(await loadTranslation("2", "ja")).toBeUndefined();
  });

  it("deletes translations older than 7 days at start-up and keeps the rest", async () => {
    expect(TRANSLATION_MAX_AGE_MS).toBe(7 * DAY);
    await saveTranslation({ entryId: "old", language: "ja", requested: [], createdAt: NOW - 8 * DAY });
    await saveTranslation({ entryId: "edge", language: "ja", requested: [], createdAt: NOW - 7 * DAY });
    await saveTranslation({ entryId: "new", language: "ja", requested: [], createdAt: NOW - DAY });
    await expect(purgeTranslations(NOW)).resolves.toBe(1);
    const left = (await database().translations.toArray()).map((row) => row.entryId).sort();
    expect(left).toEqual(["edge", "new"]);
  });
});
