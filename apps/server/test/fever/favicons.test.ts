// Fever's favicons from the image cache: the first ask answers what is cached and fetches the
// rest in the background; the next one has them, inline, as Fever apps show them.
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { apiAs } from "../helpers/api.ts";
import { createTestApp, signUp, type TestApp } from "../helpers/app.ts";
import { type FeedServer, startFeedServer } from "../helpers/feed-server.ts";
import { seedFeed } from "../helpers/seed.ts";
import { png } from "../images/fixtures.ts";
import { appPassword, feverClient, feverKey } from "./fever-client.ts";

let t: TestApp;
let dataDir: string;
let server: FeedServer;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tidings-fever-icons-"));
  server = await startFeedServer();
  // 127.0.0.1 stands in for the sites' hosts on the internet.
  t = await createTestApp({ DATA_DIR: dataDir }, { loopbackIsPublic: true });
});
afterEach(async () => {
  await t.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("answers icons from the image cache, warming it on a miss", async () => {
  server.set("/icon.png", { headers: { "content-type": "image/png" }, body: await png(96, 96, { r: 0, g: 128, b: 255 }) });
  const account = await signUp(t, { email: "ann@example.com" });
  const ann = apiAs(t, account.cookie);
  const withIcon = await seedFeed(t, { userId: account.userId, count: 1, title: "Has icon" });
  const broken = await seedFeed(t, { userId: account.userId, count: 1, title: "Broken icon" });
  await seedFeed(t, { userId: account.userId, count: 1, title: "No icon" });
  await t.deps.db.execute(sql`UPDATE feeds SET image = ${server.url("/icon.png")} WHERE id = ${withIcon.feedId}`);
  await t.deps.db.execute(sql`UPDATE feeds SET image = ${server.url("/missing.png")} WHERE id = ${broken.feedId}`);
  const fever = feverClient(t, feverKey("ann@example.com", (await appPassword(ann)).password));

  const feeds = (await fever("feeds")).body.feeds as { id: number; title: string; favicon_id: number }[];
  const iconId = feeds.find((feed) => feed.title === "Has icon")!.id;
  expect(feeds.find((feed) => feed.title === "Has icon")!.favicon_id).toBe(iconId);
  expect(feeds.find((feed) => feed.title === "No icon")!.favicon_id).toBe(0);

  // The first ask does not wait on the sites.
  expect((await fever("favicons")).body.favicons).toEqual([]);
  let favicons: { id: number; data: string }[] = [];
  for (let attempt = 0; attempt < 50 && favicons.length === 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    favicons = (await fever("favicons")).body.favicons as typeof favicons;
  }
  expect(favicons).toHaveLength(1);
  expect(favicons[0]!.id).toBe(iconId);
  expect(favicons[0]!.data).toMatch(/^image\/webp;base64,[A-Za-z0-9+/]+=*$/);
  expect(server.hits("/icon.png")).toBe(1);
});
