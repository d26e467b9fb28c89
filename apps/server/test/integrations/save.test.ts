// Over 300 lines: one suite per service of the eight the server saves to, each with its own refusals.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SAVE_URL_MUTATION } from "../../src/features/integrations/clients/omnivore.ts";
import { ENTRY, integrationFixture, type Fixture } from "./fixture.ts";
import { formParts, type ServiceServer, startService } from "./service-server.ts";

let f: Fixture;
const servers: ServiceServer[] = [];

beforeAll(async () => {
  f = await integrationFixture({}, { loopbackIsPublic: true });
});
afterAll(async () => f.close());
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function service(...args: Parameters<typeof startService>): Promise<ServiceServer> {
  const server = await startService(...args);
  servers.push(server);
  return server;
}

const save = (name: string, settings: unknown, options?: unknown, api = f.api) =>
  api.post(`/integrations/${name}/save`, { entryId: f.entryId, settings, ...(options ? { options } : {}) });

const failed = (message: string) => ({ status: 502, body: { code: 15000, message } });

describe("Readwise (Reader API v3 save)", () => {
  it("posts the document with the token and links to it; the AI summary goes as its summary", async () => {
    const readwise = await service((request) =>
      request.headers.authorization === "Token rw-token"
        ? { status: 201, body: { id: "01jd", url: "https://read.readwise.io/new/read/01jd" } }
        : { status: 401, body: { detail: "Invalid token." } },
    );
    const api = f.open();
    expect(await save("readwise", { token: "rw-token", endpoint: readwise.url() }, { summary: "A short AI summary." }, api)).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: "https://read.readwise.io/new/read/01jd" } },
    });
    const [request] = readwise.received;
    expect(request).toMatchObject({ method: "POST", path: "/api/v3/save/" });
    expect(request!.headers).toMatchObject({ authorization: "Token rw-token", "content-type": "application/json" });
    expect(JSON.parse(request!.body)).toEqual({
      url: ENTRY.url,
      title: ENTRY.title,
      html: ENTRY.content,
      author: ENTRY.author,
      summary: "A short AI summary.",
      published_date: ENTRY.publishedAt,
      image_url: ENTRY.image,
      saved_using: "Tidings",
    });
    // Without a summary the entry's description is sent.
    await save("readwise", { token: "rw-token", endpoint: readwise.url() }, undefined, api);
    expect(JSON.parse(readwise.received[1]!.body).summary).toBe(ENTRY.description);
  });

  it("shows Readwise's own words when it refuses: detail, or the field errors", async () => {
    const readwise = await service((request) =>
      request.headers.authorization === "Token bad" ? { status: 401, body: { detail: "Invalid token." } } : { status: 400, body: { url: ["Enter a valid URL."] } },
    );
    const api = f.open();
    expect(await save("readwise", { token: "bad", endpoint: readwise.url() }, undefined, api)).toMatchObject(failed("Invalid token."));
    expect(await save("readwise", { token: "other", endpoint: readwise.url() }, undefined, api)).toMatchObject(failed("url: Enter a valid URL."));
  });
});

describe("Instapaper (Simple API)", () => {
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

  it("adds the link with Basic authentication and links to the bookmark", async () => {
    const instapaper = await service((request) =>
      request.headers.authorization === basic("ada@example.com", "pa:ss wörd") ? { status: 201, body: { bookmark_id: 1234 } } : { status: 403, body: "403" },
    );
    const api = f.open({ instapaper: instapaper.url() });
    expect(await save("instapaper", { username: "ada@example.com", password: "pa:ss wörd" }, undefined, api)).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: instapaper.url("/read/1234") } },
    });
    const [request] = instapaper.received;
    expect(request).toMatchObject({ method: "POST", path: "/api/add" });
    expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({ url: ENTRY.url, title: ENTRY.title, selection: ENTRY.description });
  });

  it("says what Instapaper's status codes mean", async () => {
    const instapaper = await service((request) => (request.headers.authorization?.includes(btoa("ada:right")) ? { status: 400, body: "400" } : { status: 403, body: "403" }));
    const api = f.open({ instapaper: instapaper.url() });
    expect(await save("instapaper", { username: "ada", password: "wrong" }, undefined, api)).toMatchObject(failed("Invalid username or password"));
    expect(await save("instapaper", { username: "ada", password: "right" }, undefined, api)).toMatchObject(failed("Bad request or exceeded the rate limit"));
  });
});

describe("Omnivore (GraphQL saveUrl)", () => {
  it("sends the saveUrl mutation with the API key and links to the saved page", async () => {
    const omnivore = await service((request) => {
      if (request.headers.authorization !== "omni-key") return { status: 200, body: { data: { saveUrl: { errorCodes: ["UNAUTHORIZED"], message: "You are not authorized" } } } };
      const { variables } = JSON.parse(request.body) as { variables: { input: { clientRequestId: string } } };
      return { status: 200, body: { data: { saveUrl: { url: "https://omnivore.example/me/lighthouse", clientRequestId: variables.input.clientRequestId } } } };
    });
    expect(await save("omnivore", { endpoint: omnivore.url("/api/graphql"), apiKey: "omni-key" }, { allowPrivate: true })).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: "https://omnivore.example/me/lighthouse" } },
    });
    const [request] = omnivore.received;
    expect(request).toMatchObject({ method: "POST", path: "/api/graphql" });
    expect(request!.headers).toMatchObject({ authorization: "omni-key", "content-type": "application/json" });
    const body = JSON.parse(request!.body) as { query: string; variables: { input: Record<string, string> } };
    expect(body.query).toBe(SAVE_URL_MUTATION);
    expect(body.variables.input).toEqual({ url: ENTRY.url, source: "Tidings", clientRequestId: expect.stringMatching(/^[0-9a-f-]{36}$/), publishedAt: ENTRY.publishedAt });
  });

  it("shows SaveError's message and GraphQL errors", async () => {
    const omnivore = await service((request) =>
      request.headers.authorization === "bad"
        ? { status: 200, body: { data: { saveUrl: { errorCodes: ["UNAUTHORIZED"], message: "You are not authorized" } } } }
        : { status: 400, body: { errors: [{ message: 'Variable "$input" got invalid value' }] } },
    );
    expect(await save("omnivore", { endpoint: omnivore.url("/api/graphql"), apiKey: "bad" }, { allowPrivate: true })).toMatchObject(failed("You are not authorized"));
    expect(await save("omnivore", { endpoint: omnivore.url("/api/graphql"), apiKey: "other" }, { allowPrivate: true })).toMatchObject(failed('Variable "$input" got invalid value'));
  });
});

describe("Outline (collections.info, documents.create)", () => {
  const COLLECTION_ID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

  async function outlineServer() {
    return service((request) => {
      if (request.headers.authorization !== "Bearer ol-token") return { status: 401, body: { ok: false, error: "authentication_required", status: 401, message: "Authentication required" } };
      const body = JSON.parse(request.body) as Record<string, unknown>;
      if (request.path === "/api/collections.info") {
        return body.id === "reading-list"
          ? { status: 200, body: { ok: true, status: 200, data: { id: COLLECTION_ID, name: "Reading list" } } }
          : { status: 404, body: { ok: false, error: "not_found", status: 404, message: "Resource not found" } };
      }
      if (request.path === "/api/documents.create") return { status: 200, body: { ok: true, status: 200, data: { id: "d1", url: "/doc/the-last-lighthouse-keeper-x1y2" } } };
      return { status: 404, body: { ok: false, error: "not_found", status: 404, message: "Not found" } };
    });
  }

  it("resolves a collection given by its slug, then creates the published document in Markdown", async () => {
    const outline = await outlineServer();
    const settings = { endpoint: outline.url("/api"), token: "ol-token", collection: "reading-list" };
    expect(await save("outline", settings, { allowPrivate: true })).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: outline.url("/doc/the-last-lighthouse-keeper-x1y2") } },
    });
    const [info, create] = outline.received;
    expect(info).toMatchObject({ method: "POST", path: "/api/collections.info" });
    expect(info!.headers).toMatchObject({ authorization: "Bearer ol-token", "content-type": "application/json" });
    expect(JSON.parse(info!.body)).toEqual({ id: "reading-list" });
    expect(create).toMatchObject({ method: "POST", path: "/api/documents.create" });
    expect(create!.headers).toMatchObject({ authorization: "Bearer ol-token", "content-type": "application/json" });
    expect(JSON.parse(create!.body)).toEqual({
      title: ENTRY.title,
      text: `[${ENTRY.feedTitle}](${ENTRY.url})\n\nThe **light** must never go out.\n\n[Keepers](https://news.example/keepers) of the coast.`,
      collectionId: COLLECTION_ID,
      publish: true,
    });
  });

  it("uses a collection UUID as it is, and shows Outline's message when it refuses", async () => {
    const outline = await outlineServer();
    await save("outline", { endpoint: outline.url("/api"), token: "ol-token", collection: COLLECTION_ID }, { allowPrivate: true });
    expect(outline.received.map((request) => request.path)).toEqual(["/api/documents.create"]);
    expect(await save("outline", { endpoint: outline.url("/api"), token: "wrong", collection: COLLECTION_ID }, { allowPrivate: true })).toMatchObject(failed("Authentication required"));
    expect(await save("outline", { endpoint: outline.url("/api"), token: "ol-token", collection: "nope" }, { allowPrivate: true })).toMatchObject(failed("Resource not found"));
  });
});

describe("Readeck (bookmarks API)", () => {
  it("posts url and title as form data with the token; the Location header becomes the link", async () => {
    const readeck = await service((request) =>
      request.headers.authorization === "Bearer rd-token"
        ? { status: 202, headers: { location: readeck.url("/api/bookmarks/Vnop8aZk"), "bookmark-id": "Vnop8aZk" }, body: { status: 202, message: "Link submited" } }
        : { status: 401, body: { status: 401, message: "Invalid authentication" } },
    );
    expect(await save("readeck", { endpoint: readeck.url(), token: "rd-token" }, { allowPrivate: true })).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: readeck.url("/bookmarks/Vnop8aZk") } },
    });
    const [request] = readeck.received;
    expect(request).toMatchObject({ method: "POST", path: "/api/bookmarks" });
    expect(request!.headers.authorization).toBe("Bearer rd-token");
    expect(request!.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=----TidingsFormBoundary[0-9a-f]{24}$/);
    expect(formParts(request!.headers["content-type"], request!.body)).toEqual({ url: ENTRY.url, title: ENTRY.title });
  });

  it("shows Readeck's message, and its validation errors", async () => {
    const readeck = await service((request) =>
      request.headers.authorization === "Bearer bad"
        ? { status: 401, body: { status: 401, message: "Invalid authentication" } }
        : { status: 422, body: { is_valid: false, errors: null, fields: { url: { is_null: false, is_bound: true, value: "x", errors: ["Invalid URL"] }, title: { errors: null } } } },
    );
    expect(await save("readeck", { endpoint: readeck.url(), token: "bad" }, { allowPrivate: true })).toMatchObject(failed("Invalid authentication"));
    expect(await save("readeck", { endpoint: readeck.url(), token: "other" }, { allowPrivate: true })).toMatchObject(failed("url: Invalid URL"));
  });
});

describe("Cubox (personal save API)", () => {
  it("saves the link, or the selected text as a memo when auto-memo is on", async () => {
    const cubox = await service((request) =>
      request.path === "/c/api/save/good" ? { status: 200, body: { code: 200, message: "", data: null } } : { status: 200, body: { code: -1, message: "Invalid API link" } },
    );
    const api = f.open();
    const settings = { apiUrl: cubox.url("/c/api/save/good") };
    expect(await save("cubox", settings, { summary: "AI summary" }, api)).toEqual({ status: 200, body: { code: 0, data: { ok: true } } });
    expect(await save("cubox", { ...settings, autoMemo: true }, { selectedText: "The light must never go out." }, api)).toMatchObject({ status: 200 });
    // Auto-memo off: a selection does not change what is saved.
    await save("cubox", settings, { selectedText: "ignored" }, api);
    const [link, memo, plain] = cubox.received;
    expect(link).toMatchObject({ method: "POST", path: "/c/api/save/good" });
    expect(link!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(link!.body)).toEqual({ type: "url", content: ENTRY.url, title: ENTRY.title, description: "AI summary", tags: [], folder: "" });
    expect(JSON.parse(memo!.body)).toEqual({
      type: "memo",
      content: "The light must never go out.",
      title: ENTRY.title,
      description: ENTRY.description,
      tags: [],
      folder: "",
      source_url: ENTRY.url,
    });
    expect(JSON.parse(plain!.body).type).toBe("url");
    expect(await save("cubox", { apiUrl: cubox.url("/c/api/save/expired") }, undefined, api)).toMatchObject(failed("Invalid API link"));
  });
});

describe("Zotero (Web API v3 items)", () => {
  it("creates one webpage item with the API key and links to its page", async () => {
    const zotero = await service((request) =>
      request.headers["zotero-api-key"] === "zk"
        ? {
            status: 200,
            body: {
              successful: { "0": { key: "ABCD2345", version: 12, links: { alternate: { href: "https://www.zotero.org/ada/items/ABCD2345", type: "text/html" } } } },
              success: { "0": "ABCD2345" },
              unchanged: {},
              failed: {},
            },
          }
        : { status: 403, body: "Forbidden" },
    );
    const api = f.open({ zotero: zotero.url() });
    expect(await save("zotero", { userId: "475425", token: "zk" }, undefined, api)).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: "https://www.zotero.org/ada/items/ABCD2345" } },
    });
    const [request] = zotero.received;
    expect(request).toMatchObject({ method: "POST", path: "/users/475425/items" });
    expect(request!.headers).toMatchObject({ "zotero-api-key": "zk", "zotero-api-version": "3", "content-type": "application/json" });
    expect(JSON.parse(request!.body)).toEqual([
      {
        itemType: "webpage",
        title: ENTRY.title,
        creators: [{ creatorType: "author", name: ENTRY.author }],
        abstractNote: ENTRY.description,
        websiteTitle: ENTRY.feedTitle,
        date: ENTRY.publishedAt,
        url: ENTRY.url,
        accessDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        language: "en",
        tags: [],
        collections: [],
        relations: {},
      },
    ]);
  });

  it("shows a failed item's message and says what 403, 409, 412 and 413 mean", async () => {
    const answers: Record<string, { status: number; body: unknown }> = {
      failed: { status: 200, body: { successful: {}, success: {}, unchanged: {}, failed: { "0": { key: "X", code: 400, message: "'date' must be a string" } } } },
      forbidden: { status: 403, body: "Forbidden" },
      locked: { status: 409, body: "" },
      changed: { status: 412, body: "Library has been modified since specified version" },
      quota: { status: 413, body: "" },
    };
    const zotero = await service((request) => answers[String(request.headers["zotero-api-key"])]!);
    const api = f.open({ zotero: zotero.url() });
    const saveWith = (token: string) => save("zotero", { userId: "1", token }, undefined, api);
    expect(await saveWith("failed")).toMatchObject(failed("'date' must be a string"));
    expect(await saveWith("forbidden")).toMatchObject(failed("The API key is not valid or may not write to this library: Forbidden"));
    expect(await saveWith("locked")).toMatchObject(failed("The Zotero library is locked"));
    expect(await saveWith("changed")).toMatchObject(failed("The Zotero library changed in the meantime: Library has been modified since specified version"));
    expect(await saveWith("quota")).toMatchObject(failed("Too many items, or the Zotero storage quota is used up"));
  });
});

describe("Wallabag (OAuth2 password grant, entries API)", () => {
  const SETTINGS = { clientId: "1_client", clientSecret: "client-secret", username: "ada", password: "pass word" };

  async function wallabagServer() {
    return service((request) => {
      if (request.path === "/oauth/v2/token") {
        const form = Object.fromEntries(new URLSearchParams(request.body));
        return form.password === "pass word"
          ? { status: 200, body: { access_token: "wb-access", expires_in: 3600, token_type: "bearer", scope: null, refresh_token: "wb-refresh" } }
          : { status: 400, body: { error: "invalid_grant", error_description: "Invalid username and password combination" } };
      }
      if (request.path === "/api/entries.json") {
        return request.headers.authorization === "Bearer wb-access"
          ? { status: 200, body: { id: 42, url: ENTRY.url, title: ENTRY.title } }
          : { status: 401, body: { error: "invalid_grant", error_description: "The access token provided is invalid." } };
      }
      return { status: 404, body: { error: "not_found" } };
    });
  }

  it("gets a token with the password grant, then posts the entry as its bearer", async () => {
    const wallabag = await wallabagServer();
    expect(await save("wallabag", { endpoint: wallabag.url(), ...SETTINGS }, { allowPrivate: true })).toEqual({
      status: 200,
      body: { code: 0, data: { ok: true, url: wallabag.url("/view/42") } },
    });
    const [token, entry] = wallabag.received;
    expect(token).toMatchObject({ method: "POST", path: "/oauth/v2/token" });
    expect(token!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(token!.body))).toEqual({
      grant_type: "password",
      client_id: "1_client",
      client_secret: "client-secret",
      username: "ada",
      password: "pass word",
    });
    expect(entry).toMatchObject({ method: "POST", path: "/api/entries.json" });
    expect(entry!.headers).toMatchObject({ authorization: "Bearer wb-access", "content-type": "application/json" });
    expect(JSON.parse(entry!.body)).toEqual({ url: ENTRY.url, title: ENTRY.title, content: ENTRY.content });
  });

  it("shows the OAuth error_description when the grant is refused", async () => {
    const wallabag = await wallabagServer();
    expect(await save("wallabag", { endpoint: wallabag.url(), ...SETTINGS, password: "nope" }, { allowPrivate: true })).toMatchObject(
      failed("Invalid username and password combination"),
    );
    expect(wallabag.received.map((request) => request.path)).toEqual(["/oauth/v2/token"]);
  });
});
