import { eq } from "drizzle-orm";
import { createApp, type App } from "../../src/app.ts";
import { entries } from "../../src/db/schema/index.ts";
import type { FixedEndpoints } from "../../src/features/integrations/clients/index.ts";
import { createIntegrationsModule } from "../../src/features/integrations/index.ts";
import { createHttpClient } from "../../src/lib/http/index.ts";
import { createTestApp, LOOPBACK_IS_PUBLIC, signUp, TEST_ORIGIN, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";

/** The entry every save test sends, as stored. */
export const ENTRY = {
  title: "The last lighthouse keeper",
  url: "https://news.example/lighthouse",
  author: "Ada Keeper",
  description: "A keeper's last winter.",
  content: '<p>The <strong>light</strong> must never go out.</p><p><a href="/keepers">Keepers</a> of the coast.</p>',
  language: "en",
  image: "https://news.example/light.jpg",
  publishedAt: "2026-11-01T12:00:00.000Z",
  feedTitle: "Coastal Times",
};

export interface Caller {
  post(path: string, json: unknown): Promise<{ status: number; body: { code: number; data?: Record<string, unknown>; message?: string; reason?: string } }>;
}

/** Calls an app's API in process as one signed-in reader. */
export function caller(app: App, cookie: string): Caller {
  return {
    async post(path, json) {
      const response = await app.request(`/api${path}`, {
        method: "POST",
        headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
        body: JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as Awaited<ReturnType<Caller["post"]>>["body"] };
    },
  };
}

export interface Fixture {
  t: TestApp;
  cookie: string;
  userId: string;
  entryId: string;
  /** Through the real app: the guarded HTTP client, 127.0.0.1 reachable only with a LAN switch on. */
  api: Caller;
  /**
   * The same app whose integrations may reach 127.0.0.1 and whose fixed hosts (Instapaper, Zotero)
   * are the given test servers: for the services readers cannot point at their LAN.
   */
  open(endpoints?: Partial<FixedEndpoints>): Caller;
  close(): Promise<void>;
}

/**
 * A reader (the instance's first account, so its administrator) following a feed with one entry
 * (author, content, a photo), on a fresh database. `loopbackIsPublic`: the services on 127.0.0.1
 * stand in for services on the internet, so what they answer is passed on.
 */
export async function integrationFixture(env: Record<string, string> = {}, options: { loopbackIsPublic?: boolean } = {}): Promise<Fixture> {
  const t = await createTestApp(env, options);
  const { cookie, userId } = await signUp(t, { email: `reader-${Math.random().toString(36).slice(2, 8)}@example.com` });
  const { entryIds } = await seedFeed(t, { userId, count: 1, title: ENTRY.feedTitle, newest: new Date(ENTRY.publishedAt) });
  const entryId = entryIds[0]!;
  await t.deps.db
    .update(entries)
    .set({
      title: ENTRY.title,
      url: ENTRY.url,
      author: ENTRY.author,
      description: ENTRY.description,
      content: ENTRY.content,
      language: ENTRY.language,
      media: [{ url: ENTRY.image, type: "photo" }],
    })
    .where(eq(entries.id, entryId));
  // Reaches 127.0.0.1 as if it were public: the stand-in for services on the internet.
  const permissive = createHttpClient({ userAgent: "test", reach: "private-networks", scopeOf: LOOPBACK_IS_PUBLIC, totalTimeoutMs: 5000 });
  return {
    t,
    cookie,
    userId,
    entryId,
    api: caller(t.app, cookie),
    open(endpoints = {}) {
      const { deps } = t;
      const integrations = createIntegrationsModule({
        platform: { db: deps.db, ids: deps.ids, clock: deps.clock, logger: deps.logger, secret: deps.secret, network: deps.network },
        config: deps.config.integrations,
        network: { ...deps.network, publicHttp: permissive, privateHttp: permissive },
        entry: (user, id) => deps.entries.get(user, id),
        endpoints,
        rateCounter: deps.rateCounter,
      });
      // Mounted first, its routes answer before the app's own integrations'.
      return caller(createApp({ ...deps, modules: [integrations, ...deps.modules] }), cookie);
    },
    async close() {
      permissive.close();
      await t.close();
    },
  };
}
