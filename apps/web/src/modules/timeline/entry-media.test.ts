import { describe, expect, it } from "vitest";
import { audioOf, plainText, postImagesOf, thumbnailOf, videoDurationOf, videoPosterOf, xHandleOf } from "./entry-media.ts";
import { testEntry } from "./test-entries.ts";

describe("what list items show of an entry", () => {
  it("reduces HTML to one line of text", () => {
    expect(plainText("<p>Hello&nbsp;<b>world</b> &amp; &#8220;friends&#x201D;</p>\n<script>x()</script>")).toBe("Hello world & “friends”");
    expect(plainText("a".repeat(50), 10)).toBe(`${"a".repeat(9)}…`);
    expect(plainText(null)).toBe("");
  });

  it("finds X handles in post URLs only", () => {
    expect(xHandleOf("https://x.com/jack/status/20")).toBe("jack");
    expect(xHandleOf("https://twitter.com/Some_One/status/1")).toBe("Some_One");
    expect(xHandleOf("https://x.com/i/web/status/1")).toBeNull();
    expect(xHandleOf("https://example.com/jack/status/1")).toBeNull();
    expect(xHandleOf("not a url")).toBeNull();
  });

  it("picks a thumbnail from media, then from the HTML", () => {
    expect(thumbnailOf(testEntry("1", { media: [{ url: "https://i.example/a.jpg", type: "photo", width: 640, height: 480 }] }))).toEqual({
      url: "https://i.example/a.jpg",
      width: 640,
      height: 480,
    });
    expect(thumbnailOf(testEntry("1", { media: [{ url: "https://v.example/a.mp4", type: "video", preview_image_url: "https://i.example/p.jpg" }] }))?.url).toBe(
      "https://i.example/p.jpg",
    );
    expect(thumbnailOf(testEntry("1", { description: '<p>x</p><img src="https://i.example/d.png">' }))?.url).toBe("https://i.example/d.png");
    expect(thumbnailOf(testEntry("1"))).toBeNull();
  });

  it("finds audio to play, and video posters and lengths", () => {
    const podcast = testEntry("1", { attachments: [{ url: "https://a.example/e.mp3", mime_type: "audio/mpeg", duration_in_seconds: 90 }] });
    expect(audioOf(podcast, false)?.url).toBe("https://a.example/e.mp3");
    const untyped = testEntry("1", { attachments: [{ url: "https://a.example/e" }] });
    expect(audioOf(untyped, false)).toBeNull();
    expect(audioOf(untyped, true)?.url).toBe("https://a.example/e");
    const video = testEntry("1", {
      media: [{ url: "https://v.example/a.mp4", type: "video", preview_image_url: "https://i.example/p.jpg" }],
      attachments: [{ url: "https://v.example/a.mp4", mime_type: "video/mp4", duration_in_seconds: 125 }],
    });
    expect(videoPosterOf(video)).toBe("https://i.example/p.jpg");
    expect(videoDurationOf(video)).toBe(125);
  });

  it("drops tiny pictures from social posts", () => {
    const entry = testEntry("1", {
      media: [
        { url: "https://i.example/icon.png", type: "photo", width: 32, height: 32 },
        { url: "https://i.example/big.jpg", type: "photo", width: 800, height: 600 },
        { url: "https://i.example/unknown.jpg", type: "photo" },
      ],
    });
    expect(postImagesOf(entry).map((m) => m.url)).toEqual(["https://i.example/big.jpg", "https://i.example/unknown.jpg"]);
  });
});
