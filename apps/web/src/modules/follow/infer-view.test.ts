import { type Entry, FeedView } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import { entryThumbnail, inferViewFromEntries } from "./infer-view.ts";

const entry = (over: Partial<Entry> = {}): Entry => ({
  id: "1",
  title: "A post",
  url: "https://example.com/a",
  description: "Some words",
  guid: "a",
  author: null,
  authorUrl: null,
  authorAvatar: null,
  insertedAt: "2026-01-01T00:00:00Z",
  publishedAt: "2026-01-01T00:00:00Z",
  media: null,
  categories: null,
  attachments: null,
  extra: null,
  language: null,
  feedId: "1",
  ...over,
});

describe("inferViewFromEntries", () => {
  it("has no opinion on plain articles or an empty feed", () => {
    expect(inferViewFromEntries([entry(), entry(), entry()])).toBeNull();
    expect(inferViewFromEntries([])).toBeNull();
  });
  it("sends podcasts to Audios and video feeds to Videos", () => {
    expect(inferViewFromEntries([entry({ attachments: [{ url: "https://cdn.example/ep1.mp3" }] }), entry({ attachments: [{ url: "x", mime_type: "audio/mpeg" }] })])).toBe(FeedView.Audios);
    expect(inferViewFromEntries([entry({ url: "https://www.youtube.com/watch?v=1" })])).toBe(FeedView.Videos);
    expect(inferViewFromEntries([], "https://vimeo.com/channel")).toBe(FeedView.Videos);
  });
  it("sends image-led feeds to Pictures, but only with a pattern of three entries or more", () => {
    const shot = entry({ media: [{ url: "https://img.example/1.jpg", type: "photo" }], description: "" });
    expect(inferViewFromEntries([shot, shot])).toBeNull();
    expect(inferViewFromEntries([shot, shot, shot, entry()])).toBe(FeedView.Pictures);
  });
});

describe("entryThumbnail", () => {
  it("takes the first photo, a video's poster, or an image attachment", () => {
    expect(entryThumbnail(entry({ media: [{ url: "https://img.example/1.jpg", type: "photo" }] }))).toBe("https://img.example/1.jpg");
    expect(entryThumbnail(entry({ media: [{ url: "v.mp4", type: "video", preview_image_url: "poster.jpg" }] }))).toBe("poster.jpg");
    expect(entryThumbnail(entry({ attachments: [{ url: "cover.png", mime_type: "image/png" }] }))).toBe("cover.png");
    expect(entryThumbnail(entry())).toBeNull();
  });
});
