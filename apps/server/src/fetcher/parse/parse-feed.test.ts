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

  it.each([
    ["an HTML page", "<!doctype html><html><head><title>Page</title></head><body>Hi</body></html>"],
    ["plain text", "just some words"],
    ["an empty document", ""],
    ["a JSON object that is no feed", '{"hello": "world"}'],
  ])("refuses %s as not a feed", (_name, text) => {
    expect(() => parseFeedDocument(text)).toThrow(FeedParseError);
  });
});
