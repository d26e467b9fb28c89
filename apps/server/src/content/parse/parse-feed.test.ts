import { describe, expect, it } from "vitest";
import { FeedParseError, parseFeedDocument } from "./parse-feed.ts";

const rss = (items: string, channel = "") =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title><link>https://site.example/</link>${channel}${items}</channel></rss>`;

describe("parseFeedDocument", () => {
  it("reads an RSS item into the entry model", () => {
    const feed = parseFeedDocument(
      rss(`<item><title>Hello &amp; welcome</title><link>/posts/1</link><guid isPermaLink="false">post-1</guid>
        <dc:creator>Ann Writer</dc:creator><category>News</category><category>Tech</category>
        <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate><description>Short &lt;b&gt;summary&lt;/b&gt;</description>
        <content:encoded><![CDATA[<p>Full <img src="/img/a.jpg" width="640" height="480"> text</p>]]></content:encoded></item>`),
      "https://site.example/feed.xml",
    );
    expect(feed.format).toBe("rss2.0");
    expect(feed.entries[0]).toMatchObject({
      guid: "post-1",
      title: "Hello & welcome",
      url: "https://site.example/posts/1",
      author: "Ann Writer",
      categories: ["News", "Tech"],
      publishedAt: Date.parse("2003-06-10T04:00:00Z"),
      description: "Short summary",
      content: '<p>Full <img src="/img/a.jpg" width="640" height="480"> text</p>',
      media: [{ url: "https://site.example/img/a.jpg", type: "photo", width: 640, height: 480 }],
      baseUrl: "https://site.example/posts/1",
    });
  });

  it("reads a podcast: enclosure with size and iTunes duration", () => {
    const feed = parseFeedDocument(
      rss(`<item><title>Ep 1</title><guid>ep1</guid><enclosure url="https://cdn.example/ep1.mp3" length="123456" type="audio/mpeg"/><itunes:duration>1:02:03</itunes:duration><itunes:image href="https://cdn.example/ep1.jpg"/></item>`),
    );
    expect(feed.entries[0]!.attachments).toEqual([{ url: "https://cdn.example/ep1.mp3", mime_type: "audio/mpeg", size_in_bytes: 123456, duration_in_seconds: 3723 }]);
    expect(feed.entries[0]!.media).toEqual([{ url: "https://cdn.example/ep1.jpg", type: "photo" }]);
  });

  it("reads a YouTube channel feed: the video with its thumbnail and description", () => {
    const feed = parseFeedDocument(`<?xml version="1.0"?><feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
      <title>Channel</title><link rel="alternate" href="https://www.youtube.com/channel/UC1"/>
      <entry><id>yt:video:abc</id><yt:videoId>abc</yt:videoId><title>A video</title><link rel="alternate" href="https://www.youtube.com/watch?v=abc"/>
      <author><name>Chan</name><uri>https://www.youtube.com/channel/UC1</uri></author><published>2026-01-01T00:00:00+00:00</published><updated>2026-01-02T00:00:00+00:00</updated>
      <media:group><media:title>A video</media:title><media:content url="https://www.youtube.com/v/abc?version=3" type="application/x-shockwave-flash" width="640" height="390"/>
      <media:thumbnail url="https://i.ytimg.com/vi/abc/hqdefault.jpg" width="480" height="360"/><media:description>About the video</media:description></media:group></entry></feed>`);
    const entry = feed.entries[0]!;
    expect(entry).toMatchObject({ guid: "yt:video:abc", url: "https://www.youtube.com/watch?v=abc", author: "Chan", description: "About the video" });
    expect(entry.media).toContainEqual({ url: "https://www.youtube.com/watch?v=abc", type: "video", preview_image_url: "https://i.ytimg.com/vi/abc/hqdefault.jpg", width: 480, height: 360 });
  });

  it("resolves Atom links against xml:base", () => {
    const feed = parseFeedDocument(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.org/blog/"><title>B</title><link href="./"/>
      <entry xml:base="2026/"><id>tag:1</id><title type="html">&lt;b&gt;Bold&lt;/b&gt; move</title><link href="post.html"/><updated>2026-02-01T00:00:00Z</updated><content type="text">Line one

Line two &lt;not a tag&gt;</content></entry></feed>`);
    expect(feed.siteUrl).toBe("https://example.org/blog/");
    expect(feed.entries[0]).toMatchObject({ url: "https://example.org/blog/2026/post.html", title: "Bold move", content: "<p>Line one</p><p>Line two &lt;not a tag&gt;</p>" });
  });

  it("reads JSON Feed 1.1 and a sloppy 1.0 one", () => {
    const feed = parseFeedDocument(JSON.stringify({
      version: "https://jsonfeed.org/version/1.1", title: "J", home_page_url: "https://j.example/", feed_url: "https://j.example/feed.json",
      items: [{ id: 1, url: "https://j.example/1", content_text: "Hi\n\nthere", date_published: "2026-01-01T00:00:00Z", authors: [{ name: "Jo", avatar: "https://j.example/jo.png" }], attachments: [{ url: "https://j.example/a.m4a", mime_type: "audio/x-m4a", duration_in_seconds: 61 }] }],
    }));
    expect(feed.format).toBe("json1.1");
    expect(feed.entries[0]).toMatchObject({ guid: "1", content: "<p>Hi</p><p>there</p>", author: "Jo", authorAvatar: "https://j.example/jo.png", attachments: [{ url: "https://j.example/a.m4a", mime_type: "audio/x-m4a", duration_in_seconds: 61 }] });
    const sloppy = parseFeedDocument(JSON.stringify({ version: "1", title: "S", author: { name: "Sam" }, items: [{ id: "x", content_html: "<p>x</p>" }] }));
    expect(sloppy.format).toBe("json1.0");
    expect(sloppy.entries[0]!.author).toBe("Sam");
  });

  it("tolerates stray ampersands, undefined entities, bad dates, bad nesting and truncation", () => {
    const broken = rss(`<item><title>AT&T &nbsp;&copy; &bogus; news</title><guid>g1</guid><pubDate>sometime soon</pubDate><description><b>bold <i>mixed</b> up</i></description></item>
      <item><title>Second</title><guid>g2</guid>`);
    const feed = parseFeedDocument(broken.replace("</channel></rss>", ""));
    expect(feed.entries.map((e) => e.guid)).toEqual(["g1", "g2"]);
    expect(feed.entries[0]!.title).toBe("AT&T \u00a0© &bogus; news".replace(/\s+/g, " "));
    expect(feed.entries[0]!.publishedAt).toBeNull();
  });

  it("falls back to the link, then a content hash, for the guid", () => {
    const feed = parseFeedDocument(rss(`<item><title>A</title><link>https://x.example/a</link></item><item><title>B</title><description>b</description></item>`));
    expect(feed.entries[0]!.guid).toBe("https://x.example/a");
    expect(feed.entries[1]!.guid).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(parseFeedDocument(rss(`<item><title>B</title><description>b</description></item>`)).entries[0]!.guid).toBe(feed.entries[1]!.guid);
  });

  it("never expands a document type's entities", () => {
    const feed = parseFeedDocument(`<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY x "EXPANDED"><!ENTITY ext SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&x;&ext;</title></channel></rss>`);
    expect(feed.title).not.toContain("EXPANDED");
    expect(feed.title ?? "").not.toContain("root:");
  });

  it("reads items of categories or custom elements only, each with a guid of its own", () => {
    const feed = parseFeedDocument(rss(`<item><category>One</category></item><item><custom>x</custom></item><item><custom>y</custom></item>`));
    expect(feed.entries.map((entry) => entry.categories)).toEqual([["One"], [], []]);
    const guids = feed.entries.map((entry) => entry.guid);
    expect(new Set(guids).size).toBe(3);
    for (const guid of guids) expect(guid).toMatch(/^sha256:[0-9a-f]{32}$/);
  });

  it("resolves relative guids and ids against the base, and keeps other guids as written", () => {
    const atom = parseFeedDocument(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/blog/"><entry><id>../posts/1</id></entry><entry><id>post-2</id></entry></feed>`);
    expect(atom.entries.map((entry) => entry.guid)).toEqual(["https://a.example/posts/1", "post-2"]);
    expect(parseFeedDocument(rss(`<item><guid>/p/3</guid></item>`), "https://b.example/feed").entries[0]!.guid).toBe("https://b.example/p/3");
  });

  it("takes the first usable channel <link> as the site, not an atom:link", () => {
    const feed = parseFeedDocument(`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><atom:link rel="self" href="https://s.example/feed"/><link></link><link>https://s.example/</link><link>https://other.example/</link></channel></rss>`);
    expect(feed).toMatchObject({ siteUrl: "https://s.example/", selfUrl: "https://s.example/feed" });
  });

  it("reads Atom 0.3: escaped and base64 content, issued dates, enclosure links", () => {
    const feed = parseFeedDocument(`<feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><title mode="base64" type="text/plain">SGVsbG8gJmFtcDsgYnll</title>
      <link rel="alternate" type="text/html" href="https://z.example/1"/><link rel="enclosure" type="audio/mpeg" length="42" href="https://z.example/1.mp3"/>
      <issued>2004-04-20T00:23:47Z</issued><content type="text/html" mode="escaped">&lt;p&gt;Hi&lt;/p&gt;</content></entry></feed>`);
    expect(feed.format).toBe("atom0.3");
    expect(feed.entries[0]).toMatchObject({ title: "Hello &amp; bye", url: "https://z.example/1", content: "<p>Hi</p>", publishedAt: Date.parse("2004-04-20T00:23:47Z") });
    expect(feed.entries[0]!.attachments).toEqual([{ url: "https://z.example/1.mp3", mime_type: "audio/mpeg", size_in_bytes: 42 }]);
  });

  it("writes XHTML content back as HTML, against its own xml:base", () => {
    const feed = parseFeedDocument(`<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://x.example/a/"><entry><link href="https://x.example/post"/>
      <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml" xml:base="img/"><p>1 &lt; 2<br/><img src="p.png"/></p></div></content></entry></feed>`);
    expect(feed.entries[0]).toMatchObject({ content: '<p>1 &lt; 2<br><img src="p.png"></p>', baseUrl: "https://x.example/a/img/" });
    expect(feed.entries[0]!.media).toEqual([{ url: "https://x.example/a/img/p.png", type: "photo" }]);
  });

  it("drops the characters XML forbids from the feed's text, and NUL from content", () => {
    const feed = parseFeedDocument(rss(`<item><title>A\u0001B</title><guid>g</guid><category>\u0002</category><description>x\u0000y</description></item>`));
    expect(feed.entries[0]).toMatchObject({ title: "AB", categories: [], content: "xy", description: "xy" });
  });

  it.each([
    ["an HTML page", "<!doctype html><html><head><title>Page</title></head><body>Hi</body></html>"],
    ["plain text", "just some words"],
    ["an empty document", ""],
    ["a JSON object that is no feed", '{"hello": "world"}'],
  ])("refuses %s as not a feed", (_name, text) => {
    expect(() => parseFeedDocument(text)).toThrow(FeedParseError);
  });
});
