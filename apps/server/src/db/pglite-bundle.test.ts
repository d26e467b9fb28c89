import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVER } from "../../test/helpers/database.ts";
import { type DatabaseHandle, openDatabase } from "./client.ts";
import { bundleFiles, existingDatabaseBundle, keptRanges, readByExistingDatabase } from "./pglite-bundle.ts";

const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));

// The bundle is PGlite's own: checked once, on the PGlite run.
describe.runIf(TEST_DRIVER === "pglite")("the file bundle of a database that exists", () => {
  it("reads the installed PGlite's list of files, which covers its bundle end to end", async () => {
    const loader = bundleFiles(await readFile(path.join(dist, "pglite.js"), "utf8"))!;
    const data = await readFile(path.join(dist, "pglite.data"));
    expect(loader.size).toBe(data.length);
    for (const [index, file] of loader.files.entries()) expect(file.start).toBe(index === 0 ? 0 : loader.files[index - 1]!.end);
    expect(loader.files.at(-1)!.end).toBe(data.length);
  });

  it("keeps what a running server reads and leaves out what initdb, builds, replication and other encodings read", async () => {
    const { files } = bundleFiles(await readFile(path.join(dist, "pglite.js"), "utf8"))!;
    const names = files.map((file) => file.name);
    const kept = names.filter(readByExistingDatabase);
    for (const name of ["/pglite/lib/postgresql/plpgsql.so", "/pglite/lib/postgresql/dict_snowball.so", "/pglite/share/postgresql/timezone/Europe/Paris", "/pglite/share/postgresql/timezonesets/Default", "/pglite/share/postgresql/tsearch_data/english.stop"]) {
      expect(kept).toContain(name);
    }
    for (const name of ["/pglite/share/postgresql/postgres.bki", "/pglite/share/postgresql/information_schema.sql", "/pglite/lib/postgresql/utf8_and_iso8859_1.so", "/pglite/lib/postgresql/libpqwalreceiver.so"]) {
      expect(names).toContain(name);
      expect(kept).not.toContain(name);
    }
    const keptBytes = keptRanges(files).reduce((sum, [start, end]) => sum + end - start, 0);
    expect(keptBytes).toBeLessThan(files.at(-1)!.end / 3);
  });

  it("answers a bundle of the same bytes where kept, and zeros elsewhere", async () => {
    const { files } = bundleFiles(await readFile(path.join(dist, "pglite.js"), "utf8"))!;
    const data = await readFile(path.join(dist, "pglite.data"));
    const bundle = new Uint8Array(await (await existingDatabaseBundle())!.arrayBuffer());
    expect(bundle.length).toBe(data.length);
    for (const file of files) {
      const expected = readByExistingDatabase(file.name) ? data.subarray(file.start, file.end) : new Uint8Array(file.end - file.start);
      expect(Buffer.from(bundle.subarray(file.start, file.end)).equals(Buffer.from(expected)), file.name).toBe(true);
    }
  });

  it("merges adjacent kept files into one read", () => {
    const files = [
      { name: "/pglite/lib/postgresql/plpgsql.so", start: 0, end: 10 },
      { name: "/pglite/lib/postgresql/dict_snowball.so", start: 10, end: 30 },
      { name: "/pglite/share/postgresql/postgres.bki", start: 30, end: 90 },
      { name: "/pglite/share/postgresql/errcodes.txt", start: 90, end: 95 },
    ];
    expect(keptRanges(files)).toEqual([[0, 30], [90, 95]]);
  });

  it("answers nothing for a loader it cannot read", () => {
    expect(bundleFiles("var x = 1;")).toBeNull();
  });

  describe("a data directory opened with it", () => {
    let dataDir: string;
    let database: DatabaseHandle;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "tidings-bundle-"));
      database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
      // Closed and opened again: the second opening finds the database and takes the bundle.
      await database.close();
      database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
    }, 60_000);
    afterAll(async () => {
      await database?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("runs PL/pgSQL, English text search and named time zones", async () => {
      const client = database.pglite!;
      await client.exec("DO $$ BEGIN PERFORM 1; END $$");
      expect((await client.query<{ v: string }>("SELECT to_tsvector('english', 'the running dogs')::text AS v")).rows[0]!.v).toBe("'dog':3 'run':2");
      await client.exec("SET TIME ZONE 'Europe/Paris'");
      expect((await client.query<{ v: string }>("SELECT (TIMESTAMPTZ '2026-07-01 12:00:00+00')::text AS v")).rows[0]!.v).toBe("2026-07-01 14:00:00+02");
    });

    it("answers a conversion to another encoding with an error, and goes on serving", async () => {
      const client = database.pglite!;
      await expect(client.query("SELECT convert_to('héllo', 'LATIN1')")).rejects.toThrow(/could not load library/);
      expect((await client.query<{ v: number }>("SELECT 1 AS v")).rows[0]!.v).toBe(1);
    });
  });
});
