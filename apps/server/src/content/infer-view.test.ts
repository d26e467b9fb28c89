import { FeedView } from "@tidings/contracts";
import { describe, expect, it } from "vitest";
import { inferView } from "./infer-view.ts";
import type { ParsedEntry, ParsedFeed } from "./parse/model.ts";

const entry = (over: Partial<ParsedEntry>): ParsedEntry => ({
  guid: Math.random().toString(36), title: "A title", url: "https://blog.example/p", content: "<p>text</p>", description: "Some long article text ".repeat(30),
  author: null, authorUrl: null, authorAvatar: null, publishedAt: null, updatedAt: null, media: [], attachments: [], categories: [], language: null, baseUrl: null, ...over,
});
const feed = (entries: ParsedEntry[], siteUrl: string | null = null): ParsedFeed => ({
  format: "rss2.0", title: "F", description: null, siteUrl, selfUrl: null, image: null, language: null, generator: null, ttlMinutes: null, hubUrl: null, entries,
});
const many = (over: Partial<ParsedEntry>) => Array.from({ length: 10 }, () => entry(over));

describe("inferView", () => {
  it("puts podcasts in Audios", () => {
    expect(inferView(feed(many({ attachments: [{ url: "https://cdn.example/e.mp3", mime_type: "audio/mpeg" }] })))).toBe(FeedView.Audios);
  });
  it("puts video feeds in Videos", () => {
    expect(inferView(feed(many({ url: "https://www.youtube.com/watch?v=x", media: [{ url: "https://www.youtube.com/watch?v=x", type: "video" }] })))).toBe(FeedView.Videos);
  });
  it("puts image-led feeds in Pictures", () => {
    expect(inferView(feed(many({ description: "Sunset", media: [{ url: "https://img.example/a.jpg", type: "photo" }] })))).toBe(FeedView.Pictures);
  });
  it("puts short title-less posts in SocialMedia", () => {
    expect(inferView(feed(many({ title: null, description: "Just had coffee. Nice day." })))).toBe(FeedView.SocialMedia);
  });
  it("leaves everything else in Articles", () => {
    expect(inferView(feed(many({})))).toBe(FeedView.Articles);
    expect(inferView(feed([]))).toBe(FeedView.Articles);
  });
});
