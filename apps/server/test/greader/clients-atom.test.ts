/**
 * A terminal client that speaks the Google Reader API through its Atom output (newsboat's
 * FeedHQ and Inoreader backends, from their sources): ClientLogin, subscription/list in JSON, then
 * each subscription read from `reader/atom/<its stream id, URL-encoded>?n=<count>`, paged by the
 * document's `gr:continuation` (`c`), an entry's read and starred marks taken from its
 * `<category>` elements (`label="read"`, `label="starred"`); marks sent back with edit-tag and the
 * edit token.
 */
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { seedFeed } from "../helpers/seed.ts";
import { decimalOfLong, form, greaderClient, ITEM_PREFIX, json, READ, readerWithAppPassword, readFlagsOnWeb, STARRED, type Reader } from "./client-helpers.ts";

interface AtomEntry {
  id: string;
  title: string;
  content: string;
  link: string | null;
  labels: string[];
  source: string | null;
}

/** Reads an Atom document as such a client does: its entries and its continuation. */
function readAtom(xml: string): { title: string; continuation: string | null; entries: AtomEntry[] } {
  const entries: AtomEntry[] = [];
  let title = "";
  let continuation: string | null = null;
  let entry: AtomEntry | null = null;
  let inSource = false;
  let text = "";
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        text = "";
        if (name === "entry") entry = { id: "", title: "", content: "", link: null, labels: [], source: null };
        else if (name === "source") {
          inSource = true;
          if (entry) entry.source = attributes["gr:stream-id"] ?? null;
        } else if (name === "category" && entry && attributes.scheme === "http://www.google.com/reader/") entry.labels.push(attributes.label ?? "");
        else if (name === "link" && entry && !inSource && attributes.rel === "alternate") entry.link = attributes.href ?? null;
      },
      ontext(data) {
        text += data;
      },
      onclosetag(name) {
        if (name === "source") inSource = false;
        else if (name === "entry" && entry) {
          entries.push(entry);
          entry = null;
        } else if (entry && !inSource) {
          if (name === "id") entry.id = text;
          else if (name === "title") entry.title = text;
          else if (name === "content") entry.content = text;
        } else if (!entry && name === "title") title = text;
        else if (name === "gr:continuation") continuation = text;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return { title, continuation, entries };
}

let t: TestApp;
let ann: Reader;
let feed: { feedId: string; entryIds: string[] };
let other: { feedId: string; entryIds: string[] };

beforeAll(async () => {
  t = await createTestApp();
  ann = await readerWithAppPassword(t, "atom@example.com", "newsboat");
  feed = await seedFeed(t, { userId: ann.userId, count: 12, category: "Misc", title: "Misc & more" });
  other = await seedFeed(t, { userId: ann.userId, count: 3, title: "Other" });
}, 60_000);
afterAll(async () => t.close());

describe("an Atom client over the Google Reader API", () => {
  it("reads every subscription from the Atom output, each item once, and syncs read and starred marks both ways", async () => {
    const client = greaderClient(t, "/api/greader");
    const login = await client.post("accounts/ClientLogin", form([["Email", ann.email], ["Passwd", ann.password]]));
    expect(login.status).toBe(200);
    client.setAuth(/^Auth=(.+)$/m.exec(login.text)![1]!);
    const subscriptions = json<{ subscriptions: { id: string; title: string }[] }>(await client.get("reader/api/0/subscription/list?output=json")).subscriptions;
    expect(subscriptions.map((s) => s.title).sort()).toEqual(["Misc & more", "Other"]);

    const read = async (streamId: string, n: number) => {
      const seen: AtomEntry[] = [];
      let c: string | null = null;
      for (let page = 0; page < 20; page++) {
        const answer = await client.get(`reader/atom/${encodeURIComponent(streamId)}?n=${n}${c ? `&c=${c}` : ""}`);
        expect(answer.status, answer.text.slice(0, 200)).toBe(200);
        expect(answer.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
        const document = readAtom(answer.text);
        seen.push(...document.entries);
        if (!document.continuation) return { title: document.title, entries: seen };
        c = document.continuation;
      }
      throw new Error("no end of the stream");
    };
    const misc = subscriptions.find((s) => s.title === "Misc & more")!;
    const all = await read(misc.id, 5);
    expect(all.title).toBe("Misc & more");
    expect(all.entries.map((entry) => decimalOfLong(entry.id)).sort()).toEqual([...feed.entryIds].sort());
    expect(all.entries.every((entry) => entry.id.startsWith(ITEM_PREFIX) && entry.source === misc.id && entry.labels.includes("reading-list") && !entry.labels.includes("read"))).toBe(true);
    expect(all.entries.find((entry) => entry.title === "Entry 0")).toMatchObject({ content: "<p>Content 0</p>", link: `https://seed.example/${feed.feedId}/0` });
    expect((await read(subscriptions.find((s) => s.title === "Other")!.id, 50)).entries).toHaveLength(3);

    // Marks made in the app land on the entries it means.
    const token = (await client.get("reader/api/0/token")).text.trim();
    const [first, second] = all.entries;
    expect((await client.post("reader/api/0/edit-tag", form([["i", first!.id], ["a", READ], ["T", token]]))).status).toBe(200);
    expect((await client.post("reader/api/0/edit-tag", form([["i", second!.id], ["a", STARRED], ["T", token]]))).status).toBe(200);
    const flags = await readFlagsOnWeb(ann.web, feed.feedId);
    expect(flags.get(decimalOfLong(first!.id))).toBe(true);
    expect([...flags.values()].filter(Boolean)).toHaveLength(1);
    expect((await ann.web.get<boolean>(`/collections?entryId=${decimalOfLong(second!.id)}`)).body.data).toBe(true);

    // And the other way round: read on the web, seen read in the Atom output.
    const third = feed.entryIds.find((id) => id !== decimalOfLong(first!.id) && id !== decimalOfLong(second!.id))!;
    expect((await ann.web.post("/reads", { entryIds: [third] })).status).toBe(200);
    const again = await read(misc.id, 50);
    const labelsOf = (id: string) => again.entries.find((entry) => decimalOfLong(entry.id) === id)!.labels;
    expect(labelsOf(third)).toContain("read");
    expect(labelsOf(decimalOfLong(first!.id))).toContain("read");
    expect(labelsOf(decimalOfLong(second!.id))).toEqual(expect.arrayContaining(["starred", "Misc"]));

    // The unread items alone (xt), the starred stream, and output=atom on stream/contents.
    const unread = await client.get(`reader/atom/${encodeURIComponent(misc.id)}?n=50&xt=${encodeURIComponent(READ)}`);
    expect(readAtom(unread.text).entries).toHaveLength(10);
    const starred = readAtom((await client.get(`reader/atom/${encodeURIComponent(STARRED)}`)).text);
    expect(starred.entries.map((entry) => decimalOfLong(entry.id))).toEqual([decimalOfLong(second!.id)]);
    const viaApi = await client.get(`reader/api/0/stream/contents/${encodeURIComponent(misc.id)}?output=atom&n=50`);
    expect(viaApi.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
    expect(readAtom(viaApi.text).entries).toHaveLength(12);
    // The reading list (no stream at all), with the other feed's items too.
    expect(readAtom((await client.get("reader/atom/?n=100")).text).entries).toHaveLength(15);
  });

  it("answers 401 without a token, 400 to an unknown or malformed stream, and never another reader's", async () => {
    const client = greaderClient(t, "/api/greader");
    expect((await client.get(`reader/atom/${encodeURIComponent(`feed/${feed.feedId}`)}`)).status).toBe(401);
    const login = await client.post("accounts/ClientLogin", form([["Email", ann.email], ["Passwd", ann.password]]));
    client.setAuth(/^Auth=(.+)$/m.exec(login.text)![1]!);
    expect((await client.get("reader/atom/feed%2F123456789")).status).toBe(400);
    expect((await client.get("reader/atom/nonsense")).status).toBe(400);
    expect((await client.get(`reader/atom/${encodeURIComponent(`feed/${feed.feedId}`)}?n=abc`)).status).toBe(400);
    const bob = await readerWithAppPassword(t, "bob@example.com", "Phone");
    const bobs = await seedFeed(t, { userId: bob.userId, count: 2, title: "Bob's" });
    expect((await client.get(`reader/atom/${encodeURIComponent(`feed/${bobs.feedId}`)}`)).status).toBe(400);
    expect((await client.get(`reader/atom/${encodeURIComponent(`user/${bob.userId}/state/com.google/starred`)}`)).status).toBe(400);
    expect(other.entryIds).toHaveLength(3);
  });
});
