import { describe, expect, it } from "vitest";
import { prefill } from "./prefill.ts";
import { feedPreview, previewEntry } from "./test-server.ts";

const fields = { view: 2 as const, category: "", title: "", isPrivate: false };
const video = feedPreview({ entries: [previewEntry("1", { url: "https://youtu.be/x" })] });

describe("prefill", () => {
  it("takes the view the feed suggests, or keeps the view being read", () => {
    expect(prefill(fields, video, { viewChosen: false, currentView: 2 }).view).toBe(3);
    expect(prefill({ ...fields, view: 3 }, feedPreview(), { viewChosen: false, currentView: 2 }).view).toBe(2);
  });
  it("never overrides a view the reader picked", () => {
    expect(prefill(fields, video, { viewChosen: true, currentView: 0 })).toBe(fields);
  });
  it("shows the reader's settings for a feed already followed", () => {
    const followed = feedPreview({ subscription: { view: 1, category: "Dev", title: "Mine", isPrivate: true } });
    expect(prefill(fields, followed, { viewChosen: true, currentView: 0 })).toEqual({ view: 1, category: "Dev", title: "Mine", isPrivate: true });
  });
});
