import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORPUS_DIR } from "../src/content/__fixtures__/corpus.ts";
import { rssFeed, startFeedServer, type FeedServer } from "./helpers/feed-server.ts";

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

function cli(args: string[]): Promise<{ code: number | null; lines: Record<string, unknown>[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, PRIVATE_NETWORKS_FOR: "everyone" } });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("exit", (code) =>
      resolve({ code, stderr: err, lines: out.trim() ? out.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>) : [] }),
    );
  });
}

describe("the CLI", () => {
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer();
    server.set("/feed.xml", { body: rssFeed({ title: "Served", items: [{ guid: "s1", title: "From the server" }] }) });
    server.set("/", { headers: { "content-type": "text/html" }, body: '<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head></html>' });
  });
  afterAll(async () => server.close());

  it("parses several inputs into one JSON line each, in order, failures included", async () => {
    const rssFile = path.join(CORPUS_DIR, "feeds/rss-parser/input/giantbomb-podcast.rss");
    const jsonFile = path.join(CORPUS_DIR, "feeds/flight-school-jsonfeed/jsonfeed.org-feed.json");
    const result = await cli(["parse", rssFile, "/no/such/file.xml", server.url("/feed.xml"), jsonFile]);
    expect(result.code).toBe(1);
    expect(result.lines).toHaveLength(4);
    const [podcast, missing, served] = result.lines;
    expect(podcast).toMatchObject({ source: rssFile, format: "rss2.0", view: 4 });
    const entry = (podcast!.entries as Record<string, unknown>[])[0]!;
    expect(Object.keys(entry).sort()).toEqual(
      ["attachments", "author", "authorAvatar", "authorUrl", "categories", "content", "description", "guid", "language", "media", "publishedAt", "title", "updatedAt", "url"].sort(),
    );
    expect(entry.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(missing).toMatchObject({ source: "/no/such/file.xml", error: expect.stringContaining("ENOENT") });
    expect(served).toMatchObject({ title: "Served", entries: [expect.objectContaining({ title: "From the server" })] });
    expect(result.lines[3]).toMatchObject({ format: expect.stringMatching(/^json/) });
  });

  it("takes HTTP headers for files: the charset of Content-Type", async () => {
    const file = path.join(CORPUS_DIR, "feeds/miniflux/encoding/iso-8859-1.xml");
    const result = await cli(["parse", file, "--header", "Content-Type: text/xml; charset=iso-8859-1"]);
    expect(result.lines[0]).not.toHaveProperty("error");
  });

  it("discovers the feeds of a page", async () => {
    const result = await cli(["discover", server.url("/")]);
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([expect.objectContaining({ url: server.url("/feed.xml"), title: "Served", view: 0 })]);
  });

  it("explains its usage", async () => {
    const result = await cli(["frobnicate"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Usage:");
  });
});
